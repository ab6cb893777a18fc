/**
 * Comments and docs stand on their own: none cites a document outside the repository (the spec
 * texts, the chain or architecture design, an issue number). The lint rule that keeps source
 * comments so is run here on a bad and a good sample, and the same pattern is checked over the
 * markdown docs, which eslint does not read.
 */
import t from 'tap';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../helpers/paths.js';

// The rule is plain JavaScript beside eslint.config.js, loaded as eslint loads it.
const mod = await import(pathToFileURL(join(ROOT, 'eslint-rules', 'no-outside-refs.js')).href);
const OUTSIDE_REF: RegExp = mod.OUTSIDE_REF;

function lint(code: string): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat' });
  // TypeScript's parser, as eslint.config.js reads the sources.
  return linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser },
        plugins: { local: mod.default },
        rules: { 'local/no-outside-refs': 'error' },
      },
    ],
    'sample.ts',
  );
}

t.test('the rule reports each kind of outside citation, in line and block comments', async (t) => {
  const bad = [
    '// the timeout of spec 001 "Runs"',
    '/** Spec 002, Authentication rule 1. */',
    '// the demo org of CHAIN.md §8',
    '/* as ARCHITECTURE.md says */',
    '// see DEVELOPERS.md',
    '// from EXAMPLES.md',
    '// fixed for issue 19 point 2',
    '// Issue #14',
    '// the tables in shared/spec',
    '// the invariant of §1',
    '// the dotted-prefix filter (spec rule 3)',
    '// Spec: document 001, "Evals"',
  ];
  for (const comment of bad) {
    const messages = lint(`${comment}\nexport const x = 1;\n`);
    t.equal(messages.length, 1, comment);
    t.equal(messages[0]?.ruleId, 'local/no-outside-refs', comment);
    t.match(messages[0]?.message, /outside the repository/, comment);
  }
});

t.test('the rule leaves comments that state the rule, and code, alone', async (t) => {
  const good = [
    '// A webhook copy sent after the duplicate window is still a duplicate: 200 {duplicate: true}, no run.',
    '/** See docs/chain.md "Reads". */',
    '// three issues, two specs, version 002 of the file',
    "export const body = 'issue 12';",
    "import type { T } from '@modelcontextprotocol/sdk/shared/transport.js';",
  ];
  for (const code of good) t.same(lint(`${code}\nexport const x = 1;\n`), [], code);
});

/** Every file of the checkout whose name ends with one of `ends`, outside what is installed or built. */
function files(dir: string, ends: string[]): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const path = dir === '' ? e.name : join(dir, e.name);
    if (e.isDirectory()) return ['node_modules', 'dist', '.git', 'artifacts'].includes(e.name) ? [] : files(path, ends);
    return ends.some((end) => e.name.endsWith(end)) ? [path] : [];
  });
}
const MARKDOWN = files('', ['.md']);

t.test('no markdown doc cites a document outside the repository', async (t) => {
  for (const f of ['README.md', 'bench/README.md', 'docs/chain.md']) t.ok(MARKDOWN.includes(f), `${f} is checked`);
  for (const file of MARKDOWN) {
    const hits = readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => (OUTSIDE_REF.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : []));
    t.same(hits, [], file);
  }
});

t.test('every docs section a source names, as docs/<file>.md "<heading>", is a heading of that file', async (t) => {
  const headings = new Map(
    MARKDOWN.filter((f) => f.startsWith('docs/')).map((f) => [
      f,
      new Set([...readFileSync(join(ROOT, f), 'utf8').matchAll(/^#+ (.+)$/gm)].map((m) => m[1]!.replaceAll('`', ''))),
    ]),
  );
  let named = 0;
  for (const file of files('', ['.ts', '.js'])) {
    for (const m of readFileSync(join(ROOT, file), 'utf8').matchAll(/\b(docs\/[a-z-]+\.md) "([^"]+)"/g)) {
      named++;
      t.ok(headings.get(m[1]!)?.has(m[2]!.replaceAll('`', '')), `${file}: ${m[1]} "${m[2]}"`);
    }
  }
  t.ok(named >= 20, `${named} section names checked`);
});
