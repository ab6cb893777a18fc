/**
 * How the conformance runner judges what the suite wrote, without the suite: checks.json files in
 * the folders it names `server-<scenario>-<timestamp>`, and the expected-failure list.
 */
import t from 'tap';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cacheRoot, judge, readChecks, readExpectedFailures, succeeded, table, type Check } from '../../scripts/mcp-conformance.js';

const ok = (id: string): Check => ({ id, status: 'SUCCESS' });
const bad = (id: string, errorMessage: string): Check => ({ id, status: 'FAILURE', errorMessage });
const warn = (id: string, errorMessage: string): Check => ({ id, status: 'WARNING', errorMessage });

t.test('checks are read per scenario from the folders the suite writes', async (t) => {
  const out = mkdtempSync(join(tmpdir(), 'conformance-unit-'));
  const write = (folder: string, checks: Check[]) => {
    mkdirSync(join(out, folder));
    writeFileSync(join(out, folder, 'checks.json'), JSON.stringify(checks));
  };
  write('server-tools-call-image-2026-11-28T16-30-23-543Z', [ok('tools-call-image')]);
  write('server-server-sse-polling-2026-11-28T16-30-29-709Z', [{ id: 'x', status: 'INFO' }]);
  mkdirSync(join(out, 'unrelated'));
  writeFileSync(join(out, 'suite-output.log'), '');
  const checks = readChecks(out);
  t.same([...checks.keys()].sort(), ['server-sse-polling', 'tools-call-image'], 'the scenario name is the folder less prefix and time');
});

t.test('each scenario gets one verdict, with its first problem', async (t) => {
  const checks = new Map<string, Check[]>([
    ['a', [ok('a1'), ok('a2')]],
    ['b', [ok('b1'), warn('b2', 'late'), bad('b3', 'broken'), bad('b4', 'also')]],
    ['c', [ok('c1'), warn('c2', 'no priming event')]],
    ['d', [bad('d1', 'nope')]],
    ['e', [ok('e1')]],
    ['g', [{ id: 'g1', status: 'WARNING', details: { message: 'no session id' } }]],
  ]);
  const results = judge(['a', 'b', 'c', 'd', 'e', 'f', 'g'], checks, new Set(['d', 'e']));
  t.same(
    results.map((r) => [r.scenario, r.verdict, r.message]),
    [
      ['a', 'pass', undefined],
      ['b', 'fail', 'b3: broken'],
      ['c', 'warn', 'c2: no priming event'],
      ['d', 'expected-fail', 'd1: nope'],
      ['e', 'stale', undefined],
      ['f', 'missing', 'the suite wrote no checks for it'],
      ['g', 'warn', 'g1: no session id'],
    ],
  );
  t.same(results[1], { scenario: 'b', verdict: 'fail', passed: 1, failed: 2, warnings: 1, message: 'b3: broken' }, 'the counts');
  t.notOk(succeeded(results), 'a failure, a stale entry or a missing scenario fails the run');
  t.ok(succeeded(results.filter((r) => ['a', 'c', 'd'].includes(r.scenario))), 'passes, warnings and expected failures do not');
  t.notOk(succeeded(results.filter((r) => r.scenario === 'e')), 'a stale entry alone fails the run');
  t.notOk(succeeded(results.filter((r) => r.scenario === 'f')), 'a missing scenario alone fails the run');
  const printed = table(results);
  t.match(printed, /^b\s+fail\s+1\/3\s+b3: broken$/m, 'one line per scenario: verdict, checks passed, first problem');
  t.match(printed, /7 scenarios: 1 passed, 2 passed with warnings, 2 failed, 1 failed as expected, 1 expected to fail but passed/);
});

t.test('the expected-failure list: one name a line, comments, or the suite YAML', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-unit-'));
  const file = join(dir, 'expected.yaml');
  writeFileSync(file, '# what svc does not serve yet\nserver:\n  - tools-call-sampling   # no sampling relay\n\nresources-subscribe\n');
  t.same(readExpectedFailures(file), ['tools-call-sampling', 'resources-subscribe']);
});

t.test('the cache folder follows MCP_CONFORMANCE_CACHE, then XDG_CACHE_HOME, then ~/.cache', async (t) => {
  t.equal(cacheRoot({ MCP_CONFORMANCE_CACHE: '/c', XDG_CACHE_HOME: '/x' }), '/c');
  t.equal(cacheRoot({ XDG_CACHE_HOME: '/x' }), '/x/svc-conformance');
  t.match(cacheRoot({}), /\/\.cache\/svc-conformance$/);
});
