import t from 'tap';
import { Command } from 'commander';
import { load, loadAll } from 'js-yaml';
import { addGlobalOptions, cell, outputFormat, renderDocument, renderTable, safeText } from '../../cli/output.js';
import type { CliError } from '../../cli/errors.js';

t.test('a table pads every column but the last to its widest cell, headers upper-case', async (t) => {
  const rows = [
    { id: 'a', n: 1, note: 'short' },
    { id: 'longer-id', n: 12345, note: undefined },
  ];
  const out = renderTable(rows, [
    { header: 'id', value: (r) => r.id },
    { header: 'n', value: (r) => r.n },
    { header: 'note', value: (r) => r.note },
  ]);
  t.equal(out, ['ID         N      NOTE', 'a          1      short', 'longer-id  12345  -'].join('\n'));
  t.notOk(
    out.split('\n').some((l) => l.endsWith(' ')),
    'no trailing spaces',
  );
});

t.test('cells cannot drive the terminal: control characters and bidi overrides are shown escaped', async (t) => {
  t.equal(safeText('a\u001b]0;pwned\u0007b'), 'a\\u{1b}]0;pwned\\u{07}b');
  t.equal(safeText('line1\nline2\tx'), 'line1\\nline2\\tx');
  t.equal(safeText('x\u202ey\u2066z\u009b'), 'x\\u{202e}y\\u{2066}z\\u{9b}');
  t.equal(cell('ok é ✓'), 'ok é ✓', 'printable text is kept');
});

t.test('cells: absent is "-", lists are joined, objects are JSON, long text is cut', async (t) => {
  t.equal(cell(null), '-');
  t.equal(cell(''), '-');
  t.equal(cell(['yes', 'no']), 'yes,no');
  t.equal(cell([]), '-');
  t.equal(cell({ a: 1 }), '{"a":1}');
  t.equal(cell(false), 'false');
  const cut = cell('x'.repeat(100), 10);
  t.equal(cut, `${'x'.repeat(9)}…`);
  t.equal([...cell('é'.repeat(20), 5)].length, 5, 'cut by characters, not UTF-16 units');
});

t.test('columns line up by terminal width: wide characters take two columns', async (t) => {
  const out = renderTable(
    [
      { name: '日本語', n: 1 },
      { name: 'abc', n: 2 },
    ],
    [
      { header: 'name', value: (r) => r.name },
      { header: 'n', value: (r) => r.n },
    ],
  );
  t.equal(out, ['NAME    N', '日本語  1', 'abc     2'].join('\n'));
});

t.test('-o wide shows the wide-only columns and cuts nothing; the default leaves them out and cuts', async (t) => {
  const rows = [{ id: 'r1', note: 'n'.repeat(30), at: '2026-11-28T05:00:00.000Z' }];
  const columns = [
    { header: 'id', value: (r: (typeof rows)[0]) => r.id },
    { header: 'note', value: (r: (typeof rows)[0]) => r.note, max: 10 },
    { header: 'at', value: (r: (typeof rows)[0]) => r.at, wide: true },
  ];
  t.equal(renderTable(rows, columns), ['ID  NOTE', `r1  ${'n'.repeat(9)}…`].join('\n'));
  t.equal(
    renderTable(rows, columns, true),
    ['ID  NOTE                            AT', `r1  ${'n'.repeat(30)}  2026-11-28T05:00:00.000Z`].join('\n'),
  );
});

t.test('-o yaml carries the same document as -o json, one --- per document', async (t) => {
  const body = { runs: [{ id: 'r1', steps: 2, at: new Date('2026-11-28T05:00:00.000Z'), note: 'a: "quoted"\nline' }], next: null };
  const json = renderDocument(body, 'json');
  const yaml = renderDocument(body, 'yaml');
  t.ok(yaml.startsWith('---\n'));
  t.same(load(yaml), JSON.parse(json), 'the YAML parses to the JSON document (dates as their ISO strings)');
  const stream = renderDocument({ a: 1 }, 'yaml') + renderDocument({ b: 2 }, 'yaml');
  t.same(loadAll(stream), [{ a: 1 }, { b: 2 }], 'two documents in a row stay one valid stream');
});

t.test('the output option: --json is -o json, -o picks a format, two different formats are a usage error', async (t) => {
  const run = (argv: string[]): { format?: string; code?: number } => {
    const program = new Command().exitOverride();
    addGlobalOptions(program);
    let result: { format?: string; code?: number } = {};
    program.command('x').action((_o, cmd: Command) => {
      try {
        result = { format: outputFormat(cmd) };
      } catch (err) {
        result = { code: (err as CliError).exitCode };
      }
    });
    program.parse(['node', 'svc', ...argv]);
    return result;
  };
  t.same(run(['x']), { format: 'table' });
  t.same(run(['x', '--json']), { format: 'json' });
  t.same(run(['-o', 'yaml', 'x']), { format: 'yaml' });
  t.same(run(['x', '--output', 'wide']), { format: 'wide' });
  t.same(run(['x', '--json', '-o', 'json']), { format: 'json' });
  t.same(run(['x', '--json', '-o', 'yaml']), { code: 2 });
  t.throws(() => run(['x', '-o', 'xml']), { code: 'commander.invalidArgument' }, 'an unknown format is refused by the parser');
});
