/**
 * Colour for a person at a terminal, never for a pipe or a file: on only when the stream is a
 * TTY, off with NO_COLOR (any non-empty value, as no-color.org asks) or `--no-color`, and on
 * without a TTY when FORCE_COLOR asks for it (a pager that understands escapes, a CI log).
 * The escapes themselves are node:util's styleText; the decision is made here, once per stream.
 */
import * as util from 'node:util';

export type Style = 'bold' | 'dim' | 'red' | 'green' | 'yellow' | 'cyan';

interface Decision {
  stdout: boolean;
  stderr: boolean;
}

let decided: Decision = { stdout: false, stderr: false };

/** Whether a stream should get colour, from its TTY-ness, the environment and the --no-color flag. */
export function colorWanted(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv, noColorFlag = false): boolean {
  if (noColorFlag) return false;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== '0' && force !== 'false';
  return stream.isTTY === true && env.TERM !== 'dumb';
}

export function decideColor(env: NodeJS.ProcessEnv, noColorFlag: boolean): void {
  decided = { stdout: colorWanted(process.stdout, env, noColorFlag), stderr: colorWanted(process.stderr, env, noColorFlag) };
}

/** `text` in `style` when the stream it goes to takes colour; unchanged otherwise. */
export function paint(style: Style, text: string, stream: keyof Decision = 'stdout'): string {
  if (!decided[stream] || text === '' || typeof util.styleText !== 'function') return text;
  // validateStream off: whether this stream takes colour was decided above, with --no-color included.
  return (util.styleText as (f: Style, t: string, o?: { validateStream?: boolean }) => string)(style, text, { validateStream: false });
}

const GOOD = new Set(['ok', 'completed', 'done', 'resolved', 'pass', 'passed', 'allowed', 'accepted', 'yes', 'enabled', 'ALLOW', 'live']);
const PENDING = new Set(['open', 'waiting', 'parked', 'running', 'pending', 'paused', 'ESCALATE', 'skipped', 'duplicate', 'ask']);
const BAD = new Set([
  'error',
  'failed',
  'FAIL',
  'cancelled',
  'timed_out',
  'blocked',
  'denied',
  'DENY',
  'rejected',
  'degraded',
  'no',
  'stopped',
]);

/** A status word in the colour of what it means: green went well, yellow waits, red went wrong. */
export function tone(word: string, stream: keyof Decision = 'stdout'): string {
  const head = word.split(/[\s:(]/)[0] ?? word;
  if (GOOD.has(head)) return paint('green', word, stream);
  if (PENDING.has(head)) return paint('yellow', word, stream);
  if (BAD.has(head)) return paint('red', word, stream);
  return word;
}
