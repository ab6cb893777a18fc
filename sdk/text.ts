/**
 * What an id may be. The store cannot keep a control character in an id-like field (a NUL least
 * of all), so an id, a seat, agent or server name, a run, flow or trigger id refuses every control
 * character in its schema, and the OpenAPI document says so too.
 */
import { Type, type TString } from 'typebox';

const CONTROL = '\\u0000-\\u001f\\u007f';
/** No control character (U+0000-U+001F, U+007F). */
export const ID_PATTERN = `^[^${CONTROL}]*$`;
/** One token: no control character and no whitespace. */
export const TOKEN_PATTERN = `^[^\\s${CONTROL}]+$`;

interface IdOptions {
  minLength?: number;
  maxLength?: number;
  description?: string;
}

/** An id-like string: at least one character, none of them a control character. */
export function IdString(opts: IdOptions = {}): TString {
  return Type.String({ minLength: 1, ...opts, pattern: ID_PATTERN });
}

/** An id-like string that is one token (a seat, a principal, a crew, an event name). */
export function IdToken(opts: IdOptions = {}): TString {
  return Type.String({ minLength: 1, ...opts, pattern: TOKEN_PATTERN });
}
