import t from 'tap';
import { durationOf, failuresOf, summary, tierOf } from '../../scripts/test-tiers.js';

t.test('a result file names its tier by the folder under test/', async (t) => {
  t.equal(tierOf('dist/test/unit/errors.test.js'), 'unit');
  t.equal(tierOf('dist/test/integration/mcp/pool.test.js'), 'integration');
  t.equal(tierOf('test/e2e/cli.test.ts'), 'e2e');
  t.equal(tierOf('somewhere/else.test.js'), 'other');
});

t.test("a file's duration is its last top-level time line", async (t) => {
  t.equal(durationOf('TAP version 14\n    # time=3.5ms\n# time=120.25ms\n'), 120.25);
  t.equal(durationOf('TAP version 14\nnot ok 1 - crashed\n'), undefined, 'a file that never finished has none');
});

t.test('the summary adds up each tier and lists the slowest files first', async (t) => {
  const text = summary(
    [
      { file: 'dist/test/unit/a.test.js', tier: 'unit', ms: 1000 },
      { file: 'dist/test/unit/b.test.js', tier: 'unit', ms: 500 },
      { file: 'dist/test/e2e/c.test.js', tier: 'e2e', ms: 9000 },
    ],
    9500,
  );
  t.match(text, /tests took 9\.5 s in all/);
  t.match(text, /e2e\s+1 files\s+9\.0 s\n#\s+unit\s+2 files\s+1\.5 s/, 'tiers by time, largest first');
  t.ok(text.indexOf('c.test.js') < text.indexOf('a.test.js'), 'slowest first');
});

t.test('failed checks are named at the end, the check before the tests that hold it', async (t) => {
  const tap = 'TAP version 14\n    not ok 2 - the row is kept\n    1..2\nnot ok 1 - a delivery survives # time=12.5ms\nok 2 - fine\n';
  t.same(failuresOf(tap), ['the row is kept', 'a delivery survives']);
  t.same(failuresOf('TAP version 14\nok 1 - fine\n'), []);
  const text = summary([{ file: 'dist/test/e2e/c.test.js', tier: 'e2e', ms: 10, failed: failuresOf(tap) }], 10);
  t.match(text, /failed in 1 file\(s\):\n#\s+dist\/test\/e2e\/c\.test\.js\n#\s+not ok - the row is kept\n/);
  t.notMatch(summary([{ file: 'a', tier: 'unit', ms: 1 }], 1), /failed/, 'nothing failed: no list');
});
