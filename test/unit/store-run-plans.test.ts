/**
 * The run aggregate's write plans (store/runs/plan.ts), which both engines render: what a step
 * boundary, a run start and a lease write, and the conditions they are written under. A rule
 * missing here would be missing on both engines at once, so it is pinned here, without a database.
 */
import t from 'tap';
import { QUIET, planBoundary, planInsert, planTakeLease, planClaimWaiting, settleBoundary, type RunPlan } from '../../store/runs/plan.js';
import { renderUpdate, type Cond } from '../../store/plan.js';
import type { Boundary, Lease, RunRow } from '../../store/runs/types.js';

const NOW = Date.parse('2026-11-28T05:00:00Z');
const lease: Lease = { holder: 'w1', ms: 30_000, now: () => NOW };
const at = new Date(NOW);

const boundary = (over: Partial<Boundary> = {}): Boundary => ({
  runId: 'r1',
  seq: 4,
  stepId: 'last',
  cursor: null,
  outputs: { last: { ok: true } },
  trace: [],
  principal: 'agent:a',
  input: 'in',
  attemptKey: 'r1/last/4',
  attemptOutcome: 'ok',
  ...over,
});

const has = (where: readonly Cond[] | undefined, col: string, eq: unknown) =>
  (where ?? []).some((c) => 'col' in c && c.col === col && 'eq' in c && c.eq === eq);

const row = (over: Partial<RunRow>): RunRow =>
  ({ id: 'r1', status: 'running', leaseHolder: 'w1', seq: 4, pendingSignal: null, pauseRequested: false, ...over }) as RunRow;

t.test('a boundary that ends a run writes the run row, its checkpoints (held first), the attempt close and its audit row', async (t) => {
  const held = [{ stepId: 'a', cursor: 'last', outputs: { a: 1 } }];
  const p = planBoundary(
    boundary({ held }),
    lease,
    { status: 'completed' },
    { type: 'FlowRun', traceId: 't1', data: { status: 'completed' } },
  );
  t.match(p.run!.set, {
    status: 'completed',
    seq: 6,
    cursor: null,
    lease_holder: null,
    lease_expires_at: null,
    ended_at: at,
    pending_signal: null,
  });
  t.same(
    p.checkpoints.map((c) => [c.seq, c.stepId, c.principal, c.input]),
    [
      [5, 'a', 'agent:a', 'in'],
      [6, 'last', 'agent:a', 'in'],
    ],
    'the held checkpoint before the step own, at the seqs after the run seq',
  );
  t.same(p.closeAttempt, { key: 'r1/last/4', outcome: 'ok', at });
  t.same(p.audit, { type: 'FlowRun', at, traceId: 't1', data: { status: 'completed' } });
});

t.test('the boundary is written only by the lease holder at the expected seq, with nothing pending and no pause request', async (t) => {
  const where = planBoundary(boundary(), lease, { status: 'running' }).run!.where;
  t.ok(has(where, 'lease_holder', 'w1'), 'a stale lease does not match');
  t.ok(has(where, 'seq', 4), 'a stale seq does not match');
  t.ok(has(where, 'status', 'running'));
  for (const c of QUIET) t.ok(where.includes(c), `conditioned on ${JSON.stringify(c)}`);
});

t.test('a step commit leaves the lease to its renewal and the run running', async (t) => {
  const set = planBoundary(boundary({ cursor: 'next' }), lease, { status: 'running' }).run!.set;
  t.notOk('status' in set);
  t.notOk('lease_holder' in set);
  t.notOk('lease_expires_at' in set);
  t.equal(set.resume_signal, null, 'the signal the step was re-entered with is used up');
});

t.test('a boundary not written: lost when another worker holds the run, or it moved on, or it is gone', async (t) => {
  const fin = { status: 'running' } as const;
  for (const cur of [row({ leaseHolder: 'w2' }), row({ seq: 5 }), row({ status: 'cancelled' }), null])
    t.same(settleBoundary(boundary(), lease, fin, cur), { result: { ok: false, reason: 'lost' } });
});

t.test('a signal that came before the park re-enters the step: nothing parked, the attempt closed parked', async (t) => {
  const fin = { status: 'waiting', reason: 'awaiting_webhook', stepId: 'last', token: 'k', resumeSignal: undefined } as const;
  const s = settleBoundary(boundary(), lease, fin, row({ pendingSignal: { value: 1 } }));
  t.same(s.result, { ok: false, reason: 'pending', signal: { value: 1 } });
  const p = (s as { plan: RunPlan }).plan;
  t.same(p.run!.set, { pending_signal: null, resume_signal: { value: 1 } });
  t.ok(has(p.run!.where, 'lease_holder', 'w1'), 'still only for the holder');
  t.same(p.checkpoints, [], 'no checkpoint: the step runs again');
  t.match(p.closeAttempt, { outcome: 'parked' });
});

t.test('a pause request at a boundary: the boundary is written anyway and the request reported', async (t) => {
  const s = settleBoundary(boundary(), lease, { status: 'running' }, row({ pauseRequested: true }));
  t.same(s.result, { ok: true, pauseRequested: true });
  const p = (s as { plan: RunPlan }).plan;
  t.notOk(has(p.run!.where, 'pause_requested', false), 'no longer conditioned on the request');
  t.equal(p.checkpoints.length, 1);
  t.equal(p.audit, undefined, 'its audit row is left to the caller');
});

t.test(
  "a park for the operator is written only while the pause request stands, clears it, and keeps the attempt's close to the caller",
  async (t) => {
    const fin = { status: 'waiting', reason: 'operator', stepId: 'last', token: undefined, resumeSignal: undefined } as const;
    const p = planBoundary(boundary(), lease, fin);
    t.ok(has(p.run!.where, 'pause_requested', true));
    t.match(p.run!.set, { status: 'waiting', waiting_reason: 'operator', pause_requested: false, ended_at: null });
    t.equal(p.closeAttempt, undefined);
    t.same(settleBoundary(boundary(), lease, fin, row({})).result, { ok: false, reason: 'withdrawn' }, 'a resume withdrew it');
  },
);

t.test('a lease is taken only when free, expired or already this holder, unless forced', async (t) => {
  const or = planTakeLease('r1', lease, false).run!.where.find((c) => 'or' in c);
  t.same(or, {
    or: [
      { col: 'lease_holder', eq: null },
      { col: 'lease_expires_at', lt: at },
      { col: 'lease_holder', eq: 'w1' },
    ],
  });
  t.notOk(
    planTakeLease('r1', lease, true).run!.where.some((c) => 'or' in c),
    'forced: any running run',
  );
  t.same(planTakeLease('r1', lease, true).run!.set.lease_expires_at, new Date(NOW + 30_000));
});

t.test('a parked run is claimed only while it waits for what the waker matches', async (t) => {
  const w = planClaimWaiting('r1', lease, { stepId: 's', token: 'k', notReason: 'operator' }, null, true).run!;
  t.same(w.where, [
    { col: 'id', eq: 'r1' },
    { col: 'status', eq: 'waiting' },
    { col: 'waiting_step_id', eq: 's' },
    { col: 'waiting_token', eq: 'k' },
    { col: 'waiting_reason', ne: 'operator' },
  ]);
  t.match(w.set, { status: 'running', lease_holder: 'w1', pause_requested: false });
});

t.test('a run started after its first steps ran comes with their checkpoints from seq 1 and its end audit row', async (t) => {
  const p = planInsert(
    { id: 'r2', flowId: 'f', flow: {}, principal: 'agent:a', input: undefined, trigger: 'manual', cursor: 'a', stack: [], traceId: 't' },
    lease,
    {
      audit: { type: 'FlowRun', data: { status: 'running' } },
      refusePaused: true,
      state: {
        status: 'completed',
        cursor: null,
        outputs: {},
        trace: [],
        checkpoints: [
          { stepId: 'a', cursor: 'b', outputs: {} },
          { stepId: 'b', cursor: null, outputs: {} },
        ],
        endAudit: { type: 'FlowRun', data: { status: 'completed' } },
      },
    },
  );
  t.equal(p.refusePausedOf, 'agent:a');
  t.same(
    p.checkpoints.map((c) => c.seq),
    [1, 2],
  );
  t.match(p.row, { status: 'completed', seq: 2, leaseHolder: null, endedAt: at });
  t.match(p.endAudit, { type: 'FlowRun', at });
});

t.test('a plan renders to one conditional statement, values bound for the engine', async (t) => {
  const binder = {
    date: (d: Date | null) => d?.getTime() ?? null,
    json: (v: unknown) => JSON.stringify(v),
    bool: (b: boolean) => (b ? 1 : 0),
  };
  const r = renderUpdate('"flow_run"', planBoundary(boundary(), lease, { status: 'running' }).run!, binder);
  t.match(
    r.text,
    /^update "flow_run" set .* where "id" = \$\d+ and "lease_holder" = \$\d+ and "status" = \$\d+ and "seq" = \$\d+ and "pending_signal" is null and "pause_requested" = \$\d+$/,
  );
  t.ok(r.values.includes(NOW), 'a date bound as the engine binds it');
  t.ok(r.values.includes(0), 'a boolean bound as the engine binds it');
  t.ok(r.values.includes(JSON.stringify({ last: { ok: true } })), 'JSON bound as text');
});
