/**
 * The one message a tick posts in its crew thread: HEARTBEAT_OK when nothing needs a person, a
 * result naming every item, its seat, what it reported and its run otherwise (a failure always),
 * and the Spend line: priced, a floor when a call was unpriced, unmeasured without usage, absent
 * without a model call.
 */
import t from 'tap';
import { spendLine, summaryText, type TickSummary } from '../../actors/heartbeat/summary.js';
import type { TickItem } from '../../schemas/heartbeats.js';

const WINDOW = new Date('2026-06-01T09:00:00Z');
const ok = (id: string, runId: string): TickItem => ({ kind: 'flow', id, seat: 'alice', outcome: 'ok', runId, report: 'all quiet' });
const base: TickSummary = { crewId: 'ops', window: WINDOW, manual: false, status: 'ran', items: [], usage: undefined };
const usage = (u: Partial<NonNullable<TickSummary['usage']>>) => ({
  calls: 1,
  inputTokens: 100,
  outputTokens: 20,
  microDollars: 150,
  unpricedCalls: 0,
  unmeteredCalls: 0,
  ...u,
});

t.test('nothing needs a person: HEARTBEAT_OK with the runs', async (t) => {
  const m = summaryText({ ...base, items: [ok('inbox', 'run-1'), { ...ok('gates', 'x'), outcome: 'idle', runId: undefined as never }] });
  t.equal(m.kind, 'heartbeat_ok');
  t.match(m.body, /^HEARTBEAT_OK crew ops/);
  t.match(m.body, /Runs: run-1/);
  t.notMatch(m.body, /Spend:/, 'no model call, no Spend line');
  t.notMatch(m.body, /\?/, 'a result, not a question');
});

t.test('a failing item is reported whether or not the tick stopped', async (t) => {
  const failed: TickItem = {
    kind: 'flow',
    id: 'deploy-check',
    seat: 'alice',
    outcome: 'failed',
    runId: 'run-2',
    report: 'flow_step_failed: boom',
  };
  const on = summaryText({
    ...base,
    status: 'stopped',
    items: [
      failed,
      { kind: 'skill', id: 'triage', seat: 'alice', outcome: 'not_run', report: 'an earlier item failed and stopOnError is on' },
    ],
  });
  t.equal(on.kind, 'heartbeat_result');
  t.match(on.body, /stopped on error/);
  t.match(on.body, /- flow deploy-check as alice: FAILED: flow_step_failed: boom \(run run-2\)/);
  t.match(on.body, /- skill triage as alice: not run/);
  const off = summaryText({ ...base, status: 'failed', items: [failed, ok('inbox', 'run-3')] });
  t.match(off.body, /1 failed/);
  t.match(off.body, /- flow inbox as alice: ok: all quiet \(run run-3\)/, 'the next item ran and is named');
});

t.test('a paused seat skips its item, reported by name; a parked run needs a person', async (t) => {
  const m = summaryText({
    ...base,
    items: [
      { kind: 'flow', id: 'inbox', seat: 'bob', outcome: 'skipped_paused', report: 'seat bob is paused' },
      { kind: 'flow', id: 'approve', seat: 'bob', outcome: 'needs_person', runId: 'run-4', report: 'parked (human_gate): Ship it?' },
    ],
  });
  t.equal(m.kind, 'heartbeat_result');
  t.match(m.body, /- flow inbox as bob: skipped \(seat paused\): seat bob is paused/);
  t.match(m.body, /1 needs a person/);
  t.match(m.body, /\(run run-4\)/);
});

t.test('the Spend line', async (t) => {
  t.equal(spendLine(undefined), undefined, 'no model call: no line');
  t.equal(spendLine(usage({})), 'Spend: 100 tokens in, 20 tokens out, 150 micro-dollars', 'priced');
  t.equal(
    spendLine(usage({ calls: 2, unpricedCalls: 1 })),
    'Spend: 100 tokens in, 20 tokens out, at least 150 micro-dollars (a floor: 1 call had no known price)',
    'an unpriced call makes the figure a floor',
  );
  t.equal(
    spendLine(usage({ calls: 1, inputTokens: 0, outputTokens: 0, microDollars: 0, unmeteredCalls: 1 })),
    'Spend: unmeasured (1 model call reported no usage)',
    'no usage reported is unmeasured, not free',
  );
  const m = summaryText({ ...base, items: [ok('inbox', 'run-5')], usage: usage({}) });
  t.match(m.body, /\nSpend: 100 tokens in/, 'the OK note carries it');
});
