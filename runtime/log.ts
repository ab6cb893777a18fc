/**
 * One pino logger for the process. Secrets never reach a log line: the authorization header,
 * cookies and any property whose name says it holds a secret are censored down to four levels
 * deep in what a line logs, errors included wherever they sit (serialized first, so their own
 * properties are walked too), and by name at the top level of child-logger bindings.
 *
 * Two mechanisms, because pino has two paths. What a line logs goes through `formatters.log`
 * (censor, below). Child bindings do not: pino gives every child logger an identity bindings
 * formatter, so the only hook left on them is the per-key serializer, one per secret name.
 * Bindings are therefore censored by name only, not walked: keep them flat (ids, names).
 *
 * Why not pino's `redact` with wildcards (`*.token`): wildcard paths make pino run every binding
 * and every logged value through the redactor, about 3.4 µs per request child logger and 13 µs
 * per line on this machine, which was a large share of a `GET /health`. Walking the few small
 * objects a line carries, copying only when a secret key is there, costs well under that.
 */
import { pino, stdSerializers, type Logger } from 'pino';

const SECRET_KEYS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-hub-signature-256',
  'x-svc-signature',
  'secret',
  'token',
  'password',
  'apiKey',
  'sessionKey',
  'privateKey',
  'value',
]);
const CENSOR = '[redacted]';
const MAX_DEPTH = 4;

/**
 * A copy of `value` with secret-named properties censored (the input is never mutated). An
 * Error becomes pino's serialized form (type, message, stack and its own properties) first:
 * left as is, JSON would still print its own enumerable properties, secrets included.
 */
export function censor(value: unknown, depth = 1): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (value instanceof Error) return censor(stdSerializers.err(value), depth);
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    value.forEach((v, i) => {
      const next = censor(v, depth + 1);
      if (next !== v) (out ??= [...value])[i] = next;
    });
    return out ?? value;
  }
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    const next = SECRET_KEYS.has(k) ? CENSOR : censor(v, depth + 1);
    if (next !== v) (out ??= { ...(value as Record<string, unknown>) })[k] = next;
  }
  return out ?? value;
}

export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const opts = {
    level,
    base: { pid: process.pid },
    formatters: {
      log: (obj: Record<string, unknown>) => censor(obj) as Record<string, unknown>,
    },
    serializers: {
      // The only censoring a child binding gets (see above); on a logged line they run after
      // formatters.log has already censored the value.
      ...Object.fromEntries([...SECRET_KEYS].map((k) => [k, () => CENSOR])),
      // formatters.log has already serialized an `err` it logs; an Error still here is a binding.
      err: (e: unknown) => (e instanceof Error ? censor(e, 2) : e),
    },
  };
  return destination ? pino(opts, destination as any) : pino(opts);
}
