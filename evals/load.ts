/**
 * Reads scenario and blueprint files (one JSON document each) from a folder and checks each
 * against its TypeBox schema. A file that is not JSON or does not match is returned as an
 * invalid entry naming its path and the first schema error, never skipped: a scenario that
 * silently vanished would leave a flow untested while the suite still reported success.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { Compile } from 'typebox/compile';

export interface Invalid {
  readonly path: string;
  readonly error: string;
}

export interface Loaded<T> {
  readonly path: string;
  readonly value: T;
}

/** The first thing wrong with `value`, as one line (`/expect/ran/0 must be string`); undefined when it matches. */
export function schemaError(schema: TSchema, value: unknown): string | undefined {
  if (Compile(schema).Check(value)) return undefined;
  // TypeBox reports an unknown property twice; the additionalProperties entry is the one that names it.
  const errors = Value.Errors(schema, value);
  const e = errors.find((x) => x.keyword !== 'boolean') ?? errors[0];
  if (!e) return 'does not match its schema';
  const extra = (e.params as { additionalProperties?: unknown } | undefined)?.additionalProperties;
  const detail = Array.isArray(extra) ? ` (${extra.map((p) => JSON.stringify(p)).join(', ')})` : '';
  return `${e.instancePath || '/'} ${e.message}${detail}`;
}

/** Parses and checks one document; `path` only names it in the error. */
export function parseDocument<T>(schema: TSchema, path: string, value: unknown): Loaded<T> | Invalid {
  const err = schemaError(schema, value);
  return err === undefined ? { path, value: value as T } : { path, error: err };
}

/**
 * Every `*.json` directly in `dir`, in name order. A folder that does not exist holds nothing
 * when `optional` (the shipped blueprints of a checkout without any); otherwise it is an invalid
 * entry, so a mistyped SVC_EVAL_DIR is reported, not read as "no scenarios".
 */
export async function loadFolder<T>(schema: TSchema, dir: string, optional = false): Promise<{ loaded: Loaded<T>[]; invalid: Invalid[] }> {
  let names: string[];
  try {
    names = (await readdir(dir, { withFileTypes: true })).filter((d) => d.isFile() && d.name.endsWith('.json')).map((d) => d.name);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (optional && code === 'ENOENT') return { loaded: [], invalid: [] };
    return { loaded: [], invalid: [{ path: dir, error: `cannot read the folder (${code ?? (err as Error).message})` }] };
  }
  const loaded: Loaded<T>[] = [];
  const invalid: Invalid[] = [];
  for (const name of names.sort()) {
    const path = join(dir, name);
    let value: unknown;
    try {
      value = JSON.parse(await readFile(path, 'utf8'));
    } catch (err) {
      invalid.push({ path, error: `not JSON: ${(err as Error).message}` });
      continue;
    }
    const r = parseDocument<T>(schema, path, value);
    if ('error' in r) invalid.push(r);
    else loaded.push(r);
  }
  return { loaded, invalid };
}
