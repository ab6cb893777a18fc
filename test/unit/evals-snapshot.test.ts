/**
 * Trace snapshots through the suite: `update` writes one beside the scenario, a later run checks
 * it, a changed flow fails with the first divergence in one line, two updates write the same
 * bytes, an inline flow never writes one, a corrupt one is reported with its path, and a scenario
 * without one passes on its assertions and is not given one.
 */
import t from 'tap';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runSuite } from '../../evals/suite.js';
import { evalEngine } from '../../main/eval-engine.js';
import type { SnapshotMode } from '../../schemas/eval-report.js';
import type { Flow } from '../../schemas/flows.js';
import { evalDir, failuresById } from '../helpers/evals.js';

/** A spend to a target nothing answers for escalates (double rule 3), so `propose` routes to onEscalate. */
const pay = (onEscalate: string): Flow => ({
  id: 'pay',
  steps: [
    { id: 'propose', kind: 'gate', value: '10', target: 'vendor', onAllow: 'sent', onEscalate, onDeny: 'refused' },
    { id: 'hold', kind: 'tool', tool: 'svc_echo', args: { text: 'held' }, next: 'note' },
    { id: 'refused', kind: 'tool', tool: 'svc_echo', args: { text: 'refused' }, next: 'note' },
    { id: 'sent', kind: 'tool', tool: 'svc_echo', args: { text: 'sent' }, next: null },
    { id: 'note', kind: 'model', prompt: 'Note what happened', next: null },
  ],
});
const scenario = {
  id: 'pay-escalates',
  describe: 'an unknown target escalates and the run completes',
  flow: 'pay',
  mocks: { model: [{ when: 'Note', reply: 'noted' }] },
  expect: { status: 'completed' },
};

const run = (dir: string, flow: Flow, snapshots?: SnapshotMode, request: { flow?: unknown } = {}) =>
  runSuite(
    { request: { ids: [scenario.id], ...request }, definitions: { pay: flow }, evalDir: dir, ...(snapshots ? { snapshots } : {}) },
    { engine: evalEngine },
  );
const snapFile = (dir: string) => join(dir, '__snapshots__', 'pay-escalates.snap.json');

t.test('update writes the trace beside the scenario; a later run checks it and passes', async (t) => {
  const dir = evalDir(t, { scenarios: [scenario] });
  const first = await run(dir, pay('hold'), 'update');
  t.strictSame(failuresById(first), { 'pay-escalates': [] });
  t.strictSame(JSON.parse(readFileSync(snapFile(dir), 'utf8')), {
    version: 1,
    scenario: 'pay-escalates',
    status: 'completed',
    steps: [
      { step: 'propose', status: 'done', port: 'hold', verdict: 'ESCALATE' },
      { step: 'hold', status: 'done', port: 'note' },
      { step: 'note', status: 'done', port: null },
    ],
    calls: { model: 1, svc_echo: 1 },
  });
  t.strictSame(readdirSync(join(dir, '__snapshots__')), ['pay-escalates.snap.json'], 'no temp file left behind');

  t.strictSame(failuresById(await run(dir, pay('hold'))), { 'pay-escalates': [] }, 'the default checks and passes');
  t.strictSame(failuresById(await run(dir, pay('hold'), 'check')), { 'pay-escalates': [] });
});

t.test('a flow whose branch takes another port fails with one line naming the first divergence', async (t) => {
  const dir = evalDir(t, { scenarios: [scenario] });
  await run(dir, pay('hold'), 'update');
  const before = readFileSync(snapFile(dir), 'utf8');
  const report = await run(dir, pay('refused'));
  t.equal(report.ok, false);
  t.strictSame(failuresById(report), {
    'pay-escalates': ['snapshot: step 1 expected propose→hold [ESCALATE], got propose→refused [ESCALATE]'],
  });
  t.equal(readFileSync(snapFile(dir), 'utf8'), before, 'a check never rewrites the file');

  await run(dir, pay('refused'), 'update');
  t.strictSame(failuresById(await run(dir, pay('refused'))), { 'pay-escalates': [] }, 'an update accepts the change');
});

t.test('two updates write byte-identical files', async (t) => {
  const dir = evalDir(t, { scenarios: [scenario] });
  await run(dir, pay('hold'), 'update');
  const a = readFileSync(snapFile(dir));
  await run(dir, pay('hold'), 'update');
  t.ok(a.equals(readFileSync(snapFile(dir))));
  t.notMatch(a.toString(), /\d{4}-\d\d-\d\dT|durationMs|"at"/, 'no time of any kind is recorded');
});

t.test('an inline flow never writes a snapshot, nor is checked against one', async (t) => {
  const dir = evalDir(t, { scenarios: [scenario] });
  const inline = await run(dir, pay('hold'), 'update', { flow: pay('hold') });
  t.strictSame(failuresById(inline), { 'pay-escalates': [] });
  t.notOk(existsSync(join(dir, '__snapshots__')));

  await run(dir, pay('hold'), 'update');
  const changed = await run(dir, pay('hold'), 'check', { flow: pay('refused') });
  t.strictSame(failuresById(changed), { 'pay-escalates': [] }, 'eval before save is not refused by the saved flow’s snapshot');
});

t.test('a scenario without a snapshot passes on its assertions and is not given one', async (t) => {
  const dir = evalDir(t, { scenarios: [scenario] });
  t.strictSame(failuresById(await run(dir, pay('hold'))), { 'pay-escalates': [] });
  t.strictSame(failuresById(await run(dir, pay('hold'), 'check')), { 'pay-escalates': [] });
  t.notOk(existsSync(join(dir, '__snapshots__')));
});

t.test('a failing scenario is not recorded by an update', async (t) => {
  const dir = evalDir(t, { scenarios: [{ ...scenario, expect: { status: 'waiting' } }] });
  const report = await run(dir, pay('hold'), 'update');
  t.strictSame(failuresById(report), {
    'pay-escalates': [
      'status: expected waiting, got completed',
      `snapshot: expected ${snapFile(dir)} to be updated, got not written (the scenario failed)`,
    ],
  });
  t.notOk(existsSync(snapFile(dir)));
});

t.test('a corrupt snapshot file is reported with its path', async (t) => {
  const dir = evalDir(t, { scenarios: [scenario] });
  mkdirSync(join(dir, '__snapshots__'));
  writeFileSync(snapFile(dir), '{ "version": 1,');
  const [line] = failuresById(await run(dir, pay('hold')))['pay-escalates']!;
  t.match(line, `snapshot: ${snapFile(dir)} is not JSON: `);

  writeFileSync(
    snapFile(dir),
    JSON.stringify({ version: 1, scenario: 'pay-escalates', status: 'completed', steps: [{ step: 1 }], calls: {} }),
  );
  t.strictSame(failuresById(await run(dir, pay('hold'))), {
    'pay-escalates': [`snapshot: ${snapFile(dir)} is not a trace snapshot: /steps/0 must have required properties status`],
  });
});
