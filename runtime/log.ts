/**
 * One pino logger for the process. Secrets never reach a log line: the authorization header,
 * cookies and any property whose name says it holds a secret are censored down to four levels
 * deep in what a line logs (`err` after its serializer) and by name in child-logger bindings.
 *
 * Why not pino's `redact` with wildcards (`*.token`): wildcard paths make pino run every binding
 * and every logged value through the redactor, about 3.4 µs per request child logger and 13 µs
 * per line on this machine, which was a large share of a `GET /health`. Walking the few small
 * objects a line carries, copying only when a secret key is there, costs well under that.
 */
import { pino, stdSerializers, type Logger } from 'pino';

const SECRET_KEYS = new Set(['authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-hub-signature-256', 'x-svc-signature', 'secret', 'token', 'password', 'apiKey', 'sessionKey', 'privateKey', 'value']);
const CENSOR = '[redacted]';
const MAX_DEPTH = 4;

/** A copy of `value` with secret-named properties censored (the input is never mutated). */
export function censor(value: unknown, depth = 1): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object' || value instanceof Error) return value;
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
      bindings: (b: Record<string, unknown>) => censor(b) as Record<string, unknown>,
    },
    serializers: {
      // pino runs serializers on child bindings too: that is where a secret-named binding is censored.
      ...Object.fromEntries([...SECRET_KEYS].map((k) => [k, () => CENSOR])),
      err: (e: Error) => censor(stdSerializers.err(e), 2),
    },
  };
  return destination ? pino(opts, destination as any) : pino(opts);
}
