/**
 * The configuration tables (README.md, docs/operations.md) are the documentation of every variable the code reads:
 * generated from schemas/config.ts (scripts/config-table.ts), so a variable read without a
 * description there, or a table not regenerated after one changed, fails here.
 */
import t from 'tap';
import { ROOT } from '../helpers/paths.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { README_ROWS, renderConfigTable, TABLES, tableIn, variableRows, withTable } from '../../scripts/config-table.js';

const SKIP = new Set(['node_modules', 'dist', 'test', '.git']);
// A name with one of these prefixes is an environment variable wherever it appears in code.
const ENV_NAME = /^(SVC|NATS|DATABASE|OPENAI|ANTHROPIC|LOG|BENCH|WALLET)_[A-Z0-9_]*[A-Z0-9]$/;
// The system's own, handed to child processes as they are: not settings of svc.
const SYSTEM = new Set(['PATH']);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    if (SKIP.has(e.name) || e.name.startsWith('.')) return [];
    const path = join(dir, e.name);
    if (e.isDirectory()) return sources(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** Every variable name a file reads or names in code (comments are not code): `process.env.X`,
 * `process.env['X']`, and any identifier or string with an env prefix (the config schema's keys,
 * `e.SVC_...` reads, names handed to a reader). */
function namesIn(file: string): Set<string> {
  const src = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, false);
  const found = new Set<string>();
  const isProcessEnv = (n: ts.Node) =>
    ts.isPropertyAccessExpression(n) && n.name.text === 'env' && ts.isIdentifier(n.expression) && n.expression.text === 'process';
  const visit = (n: ts.Node): void => {
    if (ts.isPropertyAccessExpression(n) && isProcessEnv(n.expression)) found.add(n.name.text);
    else if (ts.isElementAccessExpression(n) && isProcessEnv(n.expression) && ts.isStringLiteralLike(n.argumentExpression))
      found.add(n.argumentExpression.text);
    else if ((ts.isIdentifier(n) || ts.isStringLiteralLike(n)) && ENV_NAME.test(n.text)) found.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(src);
  return found;
}

const rows = variableRows();
const documented = new Map(rows.map((r) => [r.name, r]));
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const benchReadme = readFileSync(join(ROOT, 'bench/README.md'), 'utf8');

t.test('every variable the code reads is documented', async (t) => {
  const readBy = new Map<string, string[]>();
  for (const file of sources(ROOT)) {
    for (const name of namesIn(file)) readBy.set(name, [...(readBy.get(name) ?? []), relative(ROOT, file)]);
  }
  t.ok(readBy.size >= rows.length, `found ${readBy.size} names in the code`);
  for (const [name, files] of readBy) {
    if (SYSTEM.has(name)) continue;
    const where = files.slice(0, 3).join(', ');
    if (files.every((f) => f.startsWith('bench/')) && !documented.has(name)) {
      // The benchmarks' own knobs belong to bench/README.md, not to the product's table.
      t.ok(benchReadme.includes(`\`${name}\``), `${name} (read in ${where}) is described in bench/README.md`);
      continue;
    }
    t.ok(
      documented.has(name),
      `${name} (read in ${where}) is declared in schemas/config.ts (EnvSchema, or ClientEnvSchema if only the CLI reads it)`,
    );
  }
  for (const r of rows) {
    t.ok(r.description?.trim(), `${r.name} has a description`);
    t.ok(r.unset?.trim(), `${r.name} says what unset means`);
    t.ok(readBy.has(r.name), `${r.name} is read by the code (a declared variable nothing reads misleads)`);
  }
});

for (const { path, brief } of TABLES) {
  t.test(`the ${path} table is the one the schema renders`, async (t) => {
    const fresh = renderConfigTable({ brief });
    const current = tableIn(readFileSync(join(ROOT, path), 'utf8'));
    t.ok(current !== undefined, `${path} has the config-table markers`);
    if (current !== fresh) {
      t.comment(`${path}'s configuration table is stale. Run \`npm run docs:config\`, or paste this between the markers:\n\n${fresh}\n`);
    }
    t.equal(current, fresh, `${path} configuration table is current (npm run docs:config rewrites it)`);
  });
}

t.test('the README table names only variables the schema declares', async (t) => {
  for (const name of README_ROWS) t.ok(documented.has(name), `${name} is declared in schemas/config.ts`);
});

t.test('the table renders one row per variable and keeps pipes inside cells', async (t) => {
  const table = renderConfigTable().split('\n');
  t.equal(table.length, rows.length + 2, 'header, rule, one row each');
  for (const line of table.slice(2)) t.equal(line.split(/(?<!\\)\|/).length, 5, `three cells: ${line.slice(0, 40)}`);
  t.equal(tableIn(withTable(readme, 'x')), 'x', 'withTable replaces only what is between the markers');
  t.throws(() => withTable('no markers', 'x'), /markers/);
});
