/**
 * What a client command prints. People get a table (`-o wide`: every column, nothing cut); a
 * script passes `--json` or `-o json|yaml` (global options, accepted before or after the command)
 * and gets the API's answer unchanged, so that output is the document the HTTP API documents and
 * never a rendering of it.
 *
 * Cells hold data other seats wrote (message bodies, prompts, tool descriptions): every control
 * character is shown escaped, so nothing in a listing can move the cursor, recolour or retitle
 * the user's terminal.
 */
import { Option, type Command } from 'commander';
import stringWidth from 'string-width';
import { dump } from 'js-yaml';
import { CliError } from './errors.js';
import { paint, tone } from './style.js';

export interface Column<T> {
  readonly header: string;
  readonly value: (row: T) => unknown;
  /** Longest cell before it is cut with an ellipsis (default 60); `-o wide` cuts nothing. */
  readonly max?: number;
  /** Shown only with `-o wide`: detail a person rarely needs in the default listing. */
  readonly wide?: boolean;
}

export const OUTPUT_FORMATS = ['table', 'wide', 'json', 'yaml'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** Columns whose words are states: coloured by what they mean (style.ts tone) on a terminal. */
const STATE_HEADERS = new Set(['status', 'state', 'outcome', 'result', 'verdict', 'enabled', 'read', 'live']);

const DEFAULT_MAX = 60;

/**
 * `svc … | head` closes the pipe while the CLI still writes; the reader has what it wanted, so
 * the CLI stops at once with success instead of dying on an unhandled EPIPE stack trace.
 */
export function exitQuietlyOnClosedPipe(stream: NodeJS.WriteStream = process.stdout): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

/**
 * The options every command takes, registered once on the program and accepted before or after
 * the command (optsWithGlobals): the output format and the API target (cli/context.ts).
 */
export function addGlobalOptions(program: Command): void {
  program
    .option('--json', 'print the API answer as JSON (exact ISO times; for scripts) instead of a table; same as -o json')
    .addOption(
      new Option('-o, --output <format>', 'table (default), wide (every column, nothing cut), or the API answer as json or yaml').choices(
        OUTPUT_FORMATS,
      ),
    )
    .option('--url <url>', 'the API to call (default: SVC_URL, the current context, or http://127.0.0.1:8788)')
    .option('--token <token>', "bearer token (default: SVC_ORCH_TOKEN or the context's); prefer those: arguments show in ps")
    .option('--context <name>', 'use this context instead of the current one (svc context list)')
    .option('--no-color', 'no colour even on a terminal (so does NO_COLOR)')
    .configureHelp({ showGlobalOptions: true });
}

/** The output asked for; `--json` is `-o json`, and naming two different formats is a usage error. */
export function outputFormat(cmd: Command): OutputFormat {
  const { json, output } = cmd.optsWithGlobals<{ json?: boolean; output?: OutputFormat }>();
  if (json && output && output !== 'json') throw new CliError(`--json and -o ${output} ask for two formats: give one`, 2);
  return json ? 'json' : (output ?? 'table');
}

/** The API's answer as a document (JSON or YAML) instead of words for a person. */
export function wantsDocument(cmd: Command): boolean {
  const format = outputFormat(cmd);
  return format === 'json' || format === 'yaml';
}

// C0, DEL, C1, and the bidirectional overrides and isolates that reorder what a terminal shows.
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** One line of terminal-safe text: control characters escaped as \n, \t or \u{..}. */
export function safeText(text: string): string {
  return text.replace(UNSAFE, (c) => (c === '\n' ? '\\n' : c === '\t' ? '\\t' : `\\u{${c.codePointAt(0)!.toString(16).padStart(2, '0')}}`));
}

export function cell(value: unknown, max = DEFAULT_MAX): string {
  const text =
    value === undefined || value === null || value === ''
      ? '-'
      : typeof value === 'string'
        ? value
        : Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)
          ? value.join(',') || '-'
          : typeof value === 'object'
            ? JSON.stringify(value)
            : String(value);
  const safe = safeText(text);
  const chars = [...safe];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : safe;
}

/**
 * Columns padded to their widest cell; the last column is not padded (no trailing spaces). On a
 * terminal the header is bold and state words are coloured, after padding, so colour never
 * moves a column.
 */
export function renderTable<T>(rows: readonly T[], allColumns: readonly Column<T>[], wide = false): string {
  const columns = wide ? allColumns : allColumns.filter((c) => !c.wide);
  const grid = [
    columns.map((c) => c.header.toUpperCase()),
    ...rows.map((r) => columns.map((c) => cell(c.value(r), wide ? Number.POSITIVE_INFINITY : c.max))),
  ];
  // Terminal columns, not characters: a CJK character or an emoji takes two, a combining mark none.
  const widths = columns.map((_, i) => Math.max(...grid.map((line) => stringWidth(line[i]!))));
  const states = columns.map((c) => STATE_HEADERS.has(c.header));
  return grid
    .map((line, row) => {
      const text = line
        .map((t, i) => {
          const padded = i === line.length - 1 ? t : t + ' '.repeat(widths[i]! - stringWidth(t));
          return row > 0 && states[i] ? tone(t) + padded.slice(t.length) : padded;
        })
        .join('  ')
        .trimEnd();
      return row === 0 ? paint('bold', text) : text;
    })
    .join('\n');
}

/**
 * A listing: `body` (the API answer) as a document with --json or -o json|yaml, else `rows` as a
 * table, or `empty` when there are none (one line a person reads, never an empty screen).
 */
export function printList<T>(cmd: Command, body: unknown, rows: readonly T[], columns: readonly Column<T>[], empty = '(none)'): void {
  if (wantsDocument(cmd)) return printDocument(cmd, body);
  process.stdout.write(`${rows.length === 0 ? empty : renderTable(rows, columns, outputFormat(cmd) === 'wide')}\n`);
}

/** A single answer: a document with --json or -o json|yaml, else `lines` (already worded for a person). */
export function printResult(cmd: Command, body: unknown, lines: string | readonly string[]): void {
  if (wantsDocument(cmd)) return printDocument(cmd, body);
  const text = typeof lines === 'string' ? [lines] : lines;
  process.stdout.write(`${text.map(safeText).join('\n')}\n`);
}

/**
 * The API's answer in the format asked for. YAML is written from the JSON form (dates as their
 * ISO strings, no anchors), so both formats carry the same document; every YAML document starts
 * with `---`, so a command that prints several (a run and then its end) stays one valid stream.
 */
export function renderDocument(value: unknown, format: 'json' | 'yaml'): string {
  if (format === 'json') return `${JSON.stringify(value, null, 2)}\n`;
  const plain: unknown = value === undefined ? null : JSON.parse(JSON.stringify(value));
  return `---\n${dump(plain, { noRefs: true, lineWidth: -1 })}`;
}

export function printDocument(cmd: Command, value: unknown): void {
  process.stdout.write(renderDocument(value, outputFormat(cmd) === 'yaml' ? 'yaml' : 'json'));
}

/**
 * One record as `key  value` lines (keys padded, dim on a terminal): what a command prints for a
 * single answer that has more to it than a sentence. Absent values leave their line out.
 */
export function printFields(cmd: Command, body: unknown, fields: readonly (readonly [string, unknown])[]): void {
  if (wantsDocument(cmd)) return printDocument(cmd, body);
  const shown = fields.filter(([, v]) => v !== undefined && v !== null && v !== '');
  const width = Math.max(0, ...shown.map(([k]) => k.length));
  const lines = shown.map(([k, v]) => {
    const value = cell(v, 200);
    return `${paint('dim', k.padEnd(width))}  ${STATE_HEADERS.has(k) ? tone(value) : value}`;
  });
  process.stdout.write(`${lines.join('\n')}\n`);
}
