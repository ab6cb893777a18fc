/**
 * The run repository's reads, once, against both engines: what the run list, a run's state,
 * cancel (open children), an agent's pause (its parked runs) and the recovery sweep (running runs
 * by lease expiry) read must be the same rows in the same order on SQLite as on PostgreSQL.
 */
import t from 'tap';
import { runsOf, type Lease, type NewRun } from '../../store/runs/index.js';
import { engines } from '../helpers/store-engines.js';

const T0 = Date.parse('2026-03-01T00:00:00.000Z');
const at = (s: number, holder = 'worker-a', ms = 60_000): Lease => ({ holder, ms, now: () => T0 + s * 1000 });
const run = (id: string, over: Partial<NewRun> = {}): NewRun => ({
  id,
  flowId: 'f',
  flow: { id: 'f' },
  principal: 'alice',
  input: undefined,
  trigger: 'manual',
  cursor: 's1',
  stack: ['f'],
  traceId: id,
  ...over,
});
const started = { audit: { type: 'FlowRun', data: { status: 'running' } }, refusePaused: false };

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`run reads on ${e.engine}`, { skip }, async (t) => {
    t.test('list: newest first (ties by id), open only, of one principal, up to the limit', async (t) => {
      const store = await e.open(t);
      const runs = runsOf(store);
      await runs.insert(run('old'), at(1), started);
      await runs.insert(run('mid-b', { principal: 'bob' }), at(2), started);
      await runs.insert(run('mid-a'), at(2), started);
      await runs.insert(run('new'), at(3), started);
      t.equal(await runs.endFromOutside('old', 'cancelled', 'run_cancelled', 'x', new Date(T0 + 4000)), true);
      const ids = async (q: Parameters<typeof runs.list>[0]) => (await runs.list(q)).map((r) => r.id);
      t.same(await ids({ open: false, limit: 10 }), ['new', 'mid-b', 'mid-a', 'old']);
      t.same(await ids({ open: true, limit: 10 }), ['new', 'mid-b', 'mid-a'], 'an ended run is not open');
      t.same(await ids({ open: false, limit: 10, principal: 'bob' }), ['mid-b']);
      t.same(await ids({ open: false, limit: 2 }), ['new', 'mid-b']);
      t.match((await runs.list({ open: false, limit: 1 }))[0], { id: 'new', status: 'running', flow: { id: 'f' } }, 'whole rows');
    });

    t.test('trail: checkpoints by seq, attempts by opening, every child', async (t) => {
      const store = await e.open(t);
      const runs = runsOf(store);
      const lease = at(10);
      await runs.insert(run('p'), lease, started);
      t.match(await runs.openAttempt('p', 's1', 0, lease, () => false), { ok: true });
      const b0 = { runId: 'p', seq: 0, stepId: 's1', cursor: 's2', outputs: { s1: 1 }, trace: [], principal: 'alice', input: undefined };
      t.match(await runs.writeBoundary({ ...b0, attemptKey: 'p/s1/0', attemptOutcome: 'done' }, lease, { status: 'running' }), {
        ok: true,
      });
      t.match(await runs.openAttempt('p', 's2', 1, at(11), () => false), { ok: true });
      const b1 = { ...b0, seq: 1, stepId: 's2', cursor: 's3', outputs: { s1: 1, s2: 2 }, attemptKey: undefined, attemptOutcome: 'done' };
      t.match(await runs.writeBoundary(b1, at(12), { status: 'running' }), { ok: true });
      await runs.insert(run('c1', { parent: { runId: 'p', stepId: 's2' } }), at(13), started);
      await runs.insert(run('c2', { parent: { runId: 'p', stepId: 's3' } }), at(14), started);
      const trail = await runs.trail('p');
      t.same(
        trail.checkpoints.map((c) => [c.seq, c.stepId, c.outputs]),
        [
          [1, 's1', { s1: 1 }],
          [2, 's2', { s1: 1, s2: 2 }],
        ],
      );
      t.same(
        trail.attempts.map((a) => [a.key, a.closedAt !== null && a.closedAt !== undefined, a.outcome ?? null]),
        [
          ['p/s1/0', true, 'done'],
          ['p/s2/1', false, null],
        ],
      );
      t.same(trail.children.map((c) => [c.id, c.parentStepId, c.status]).sort(), [
        ['c1', 's2', 'running'],
        ['c2', 's3', 'running'],
      ]);
      t.same(await runs.trail('nothing'), { checkpoints: [], attempts: [], children: [] });
    });

    t.test('openChildren: running and waiting children only; parkedOf: waiting runs of one principal', async (t) => {
      const store = await e.open(t);
      const runs = runsOf(store);
      const lease = at(20);
      await runs.insert(run('parent'), lease, started);
      for (const [id, step] of [
        ['k-run', 'a'],
        ['k-wait', 'b'],
        ['k-done', 'c'],
      ] as const)
        await runs.insert(run(id, { parent: { runId: 'parent', stepId: step } }), lease, started);
      await runs.insert(run('bob-wait', { principal: 'bob' }), lease, started);
      const waitAt = (runId: string) =>
        runs.writeBoundary(
          {
            runId,
            seq: 0,
            stepId: 's1',
            cursor: 's1',
            outputs: {},
            trace: [],
            principal: 'x',
            input: undefined,
            attemptKey: undefined,
            attemptOutcome: 'done',
          },
          lease,
          { status: 'waiting', reason: 'human_gate', stepId: 's1', token: undefined, resumeSignal: undefined },
        );
      t.match(await waitAt('k-wait'), { ok: true });
      t.match(await waitAt('bob-wait'), { ok: true });
      t.equal(await runs.endFromOutside('k-done', 'error', 'x', 'x', new Date(T0)), true);
      t.same((await runs.openChildren('parent')).sort(), ['k-run', 'k-wait']);
      t.same(await runs.openChildren('k-run'), []);
      t.same(await runs.parkedOf('alice'), ['k-wait']);
      t.same(await runs.parkedOf('bob'), ['bob-wait']);
      t.same(await runs.parkedOf('carol'), []);
    });

    t.test('recoverable: running runs oldest first, with a time only those whose lease expired before it', async (t) => {
      const store = await e.open(t);
      const runs = runsOf(store);
      // Leases of 1 s taken at 30, 31, 32 s: expired at 31, 32, 33 s; 'held' holds until 10 min after 29 s.
      await runs.insert(run('held'), at(29, 'w', 600_000), started);
      await runs.insert(run('e1'), at(30, 'w', 1000), started);
      await runs.insert(run('e2'), at(31, 'w', 1000), started);
      await runs.insert(run('e3'), at(32, 'w', 1000), started);
      await runs.insert(run('ended'), at(28, 'w', 1000), started);
      t.equal(await runs.endFromOutside('ended', 'error', 'x', 'x', new Date(T0)), true);
      const ids = async (before: Date | undefined, limit = 10) => (await runs.recoverable(before, limit)).map((r) => r.id);
      t.same(await ids(new Date(T0 + 32_500)), ['e1', 'e2'], 'expired before the time, oldest first');
      t.same(await ids(new Date(T0 + 60_000)), ['e1', 'e2', 'e3']);
      t.same(await ids(undefined), ['held', 'e1', 'e2', 'e3'], 'every running run when forced');
      t.same(await ids(undefined, 2), ['held', 'e1']);
      const [first] = await runs.recoverable(new Date(T0 + 60_000), 1);
      t.equal(new Date(first!.leaseExpiresAt!).getTime(), T0 + 31_000, 'with its lease expiry');
    });
  });
}
