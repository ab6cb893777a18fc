/**
 * Renders the configuration tables from the documentation each variable carries in
 * schemas/config.ts, so they cannot fall behind the code: test/unit/config-table.test.ts fails
 * when one differs. `npm run docs:config` rewrites both in place: README.md's brief one (the
 * variables to start with, each description up to its first semicolon, so the README stays short) and docs/operations.md's full one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { ClientEnvSchema, EnvSchema } from '../schemas/config.js';

export const TABLE_START = '<!-- config-table:start (generated from schemas/config.ts by `npm run docs:config`; do not edit) -->';
export const TABLE_END = '<!-- config-table:end -->';

export interface VariableRow {
  readonly name: string;
  readonly unset: string | undefined;
  readonly description: string | undefined;
}

/** Every variable the processes and the CLI read, in declaration order. */
export function variableRows(): VariableRow[] {
  const rows = (props: Record<string, unknown>): VariableRow[] =>
    Object.entries(props).map(([name, schema]) => {
      const s = schema as { unset?: unknown; description?: unknown };
      return {
        name,
        unset: typeof s.unset === 'string' ? s.unset : undefined,
        description: typeof s.description === 'string' ? s.description : undefined,
      };
    });
  return [...rows(EnvSchema.properties), ...rows(ClientEnvSchema.properties)];
}

// A pipe would end the cell, even inside a code span.
const cell = (text: string | undefined): string => (text ?? '').replace(/\|/g, '\\|');

const brief = (text: string | undefined): string | undefined => text?.split('; ')[0];

/** The README's brief table: what a newcomer sets to start, reach a store and bus, a model, tools
 * and a chain. Every other variable is in the full table (docs/operations.md), which the README links. */
export const README_ROWS: readonly string[] = [
  'SVC_ORCH_PORT',
  'SVC_ORCH_HOST',
  'SVC_ORCH_TOKEN',
  'SVC_IDENTITIES',
  'NATS_URL',
  'DATABASE_URL',
  'DATABASE_SCHEMA',
  'SVC_SESSION_KEY',
  'SVC_BUS_PREFIX',
  'LOG_LEVEL',
  'SVC_MODEL_PROVIDER',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'SVC_CONNECTORS',
  'SVC_MCP_SERVERS',
  'SVC_ORG',
  'SVC_CHAIN',
  'SVC_ROOT_AUTH',
  'SVC_URL',
];

export function renderConfigTable(options: { brief?: boolean } = {}): string {
  const lines = ['| variable | default | meaning |', '|---|---|---|'];
  for (const r of variableRows().filter((v) => !options.brief || README_ROWS.includes(v.name)))
    lines.push(`| \`${r.name}\` | ${cell(r.unset)} | ${cell(options.brief ? brief(r.description) : r.description)} |`);
  return lines.join('\n');
}

/** Where the tables live, and which of them is brief. */
export const TABLES = [
  { path: 'README.md', brief: true },
  { path: 'docs/operations.md', brief: false },
] as const;

/** The table between the markers, or undefined when the markers are missing. */
export function tableIn(readme: string): string | undefined {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) return undefined;
  return readme.slice(start + TABLE_START.length, end).trim();
}

export function withTable(readme: string, table: string): string {
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`no ${TABLE_START} ... ${TABLE_END} markers`);
  return `${readme.slice(0, start + TABLE_START.length)}\n${table}\n${readme.slice(end)}`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const { path, brief } of TABLES) {
    writeFileSync(path, withTable(readFileSync(path, 'utf8'), renderConfigTable({ brief })));
    process.stdout.write(`${path}: configuration table written (${variableRows().length} variables)\n`);
  }
}
