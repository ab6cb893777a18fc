import t from 'tap';
import { cell, renderTable, safeText } from '../../cli/output.js';

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
