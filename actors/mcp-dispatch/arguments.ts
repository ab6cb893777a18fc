/**
 * A call's arguments checked against the inputSchema the server published at its last discovery
 * (the stored catalog), before anything is sent: a flow step with a wrong argument fails naming the
 * field instead of spending a round trip, or an ask question, on a call the server would refuse.
 * The server still validates on its side; a schema Ajv cannot compile is left to it.
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { AppError } from '../../schemas/errors.js';

/** Distinct schemas compiled before the cache (and Ajv's own, which holds every compiled schema) starts over. */
const MAX_SCHEMAS = 256;

function engines() {
  const options = { strict: false, allErrors: true, validateSchema: false } as const;
  const draft7 = new Ajv(options);
  const draft2020 = new Ajv2020(options);
  addFormats.default(draft7);
  addFormats.default(draft2020);
  return { draft7, draft2020 };
}

let ajv = engines();
const compiled = new Map<string, ValidateFunction | null>();

function validatorFor(schema: Record<string, unknown>): ValidateFunction | null {
  const key = JSON.stringify(schema);
  let v = compiled.get(key);
  if (v !== undefined) return v;
  if (compiled.size >= MAX_SCHEMAS) {
    compiled.clear();
    ajv = engines();
  }
  const dialect = typeof schema.$schema === 'string' ? schema.$schema : '';
  try {
    // `validateSchema: false` leaves `$schema` unread, so it only picks the dialect's keywords here.
    v = /draft\/20(19-09|20-12)\//.test(dialect) ? ajv.draft2020.compile(schema) : ajv.draft7.compile(schema);
  } catch {
    v = null;
  }
  compiled.set(key, v);
  return v;
}

/** `args.labels.0` for `/labels/0`: the field as a flow author wrote it. */
function field(e: ErrorObject): string {
  const path = e.instancePath
    .split('/')
    .slice(1)
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
  const at = ['args', ...path];
  if (e.keyword === 'required') return `${[...at, String(e.params.missingProperty)].join('.')} is required`;
  if (e.keyword === 'additionalProperties')
    return `${[...at, String(e.params.additionalProperty)].join('.')} is not a parameter of the tool`;
  return `${at.join('.')} ${e.message ?? 'is invalid'}`;
}

/** Throws `mcp_arguments_invalid:<server>.<tool>` naming every field that does not fit. */
export function checkArguments(server: string, tool: string, schema: unknown, args: Record<string, unknown>): void {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
  const validate = validatorFor(schema as Record<string, unknown>);
  if (!validate || validate(args)) return;
  const problems = [...new Set((validate.errors ?? []).map(field))];
  throw new AppError('mcp_arguments_invalid', {
    detail: `${server}.${tool}`,
    message: `mcp__${server}__${tool}: ${problems.slice(0, 10).join('; ')}`,
  });
}
