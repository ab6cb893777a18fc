/**
 * Text the store can hold, and what an id may be. PostgreSQL cannot store a NUL (U+0000) in
 * any text or JSON column: one that got through failed deep in a handler, as a 500, a command
 * retried until its caller gave up, or a run accepted and then lost. So a NUL is refused wherever
 * a request or a command enters (gateway and bus), before anything runs; and an id-like field (an
 * id, a seat, agent or server name, a run, flow or trigger id) refuses every control character in
 * its schema, so the OpenAPI document says so too.
 */
import { AppError } from './errors.js';

export { ID_PATTERN, TOKEN_PATTERN, IdString, IdToken } from '@svc/sdk/flows';

const ESCAPE = '\\u0000';
const BACKSLASH = 0x5c;

/**
 * Whether JSON text decodes to a string holding a NUL, read from the text itself (no parse): in
 * valid JSON a NUL can only be the escape `\u0000` (a raw NUL byte is not valid JSON), and that
 * escape is real only when its backslash is not itself escaped (an odd run of backslashes).
 */
export function jsonHoldsNul(json: string | Uint8Array): boolean {
  const text = typeof json === 'string' ? json : Buffer.from(json.buffer, json.byteOffset, json.byteLength);
  const at = (i: number): number => (typeof text === 'string' ? text.charCodeAt(i) : text[i]!);
  for (let i = text.indexOf(ESCAPE); i >= 0; i = text.indexOf(ESCAPE, i + 1)) {
    let run = 1;
    while (i - run >= 0 && at(i - run) === BACKSLASH) run++;
    if (run % 2 === 1) return true;
  }
  return false;
}

/** Whether a decoded value holds a NUL in any string or object key. */
export function holdsNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\u0000');
  if (v === null || typeof v !== 'object') return false;
  if (Array.isArray(v)) return v.some(holdsNul);
  return Object.entries(v).some(([k, x]) => k.includes('\u0000') || holdsNul(x));
}

export function nulRefused(where: string): AppError {
  return new AppError('invalid_request', { message: `${where} holds a NUL character (U+0000), which no field accepts` });
}
