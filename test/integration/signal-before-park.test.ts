/**
 * A step's wake-up that arrives while the step is still writing its park. The signal handler
 * tries two conditional writes, one after the other: claim the parked run, else leave the signal
 * pending on the running step. The park can commit between them: the claim saw the step still
 * running, the pending write sees it parked, and neither took the signal. A loaded machine hit
 * this: a child failed closed by a takeover while its parent, which had read it as still running,
 * was parking on it; the parent then waited for a sweep. Here the interleaving is forced through
 * the run repository of an in-process system (the park is held until the claim has missed, the
 * claim's answer until the park has committed), with the clock's sweeps far away, and the parent
 * must still end on its own wake-up.
 */
import t from 'tap';
import { startSystem } from '../helpers/system.js';
import { skipUnless } from '../helpers/services.js';
import { pollFor } from '../helpers/poll.js';
import { runsOf, type RunRepository } from '../../store/runs/index.js';
import { FlowRun } from '../../store/entities/FlowRun.js';
import type { Store } from '../../store/types.js';
import { OPERATOR } from '../../identity/caller.js';

const pgSkip = (await skipUnless('postgres')) ?? false;

const child = { id: 'f-child', steps: [{ id: 'w', kind: 'wait', for: 'human' }] };
const parent = { id: 'f-parent', steps: [{ id: 'deleg', kind: 'agent', agent: 'bob', flowId: child.id }] };

const row = (store: Store, where: Partial<FlowRun>) => store.em().fork().findOne(FlowRun, where, { disableIdentityMap: true });

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** Holds the parent's park on its child until the child's wake-up has missed its claim, and that
 * claim's answer until the park has committed. */
function forceSignalBeforePark(store: Store, parentId: string) {
  const repo: RunRepository = runsOf(store);
  const write = repo.writeBoundary.bind(repo);
  const claim = repo.claimWaiting.bind(repo);
  const parkReached = deferred();
  const claimMissed = deferred();
  const seen = { park: false, missed: false };
  repo.writeBoundary = async (b, lease, fin, audit) => {
    if (b.runId === parentId && fin.status === 'waiting' && fin.reason === 'awaiting_child' && !seen.park) {
      seen.park = true;
      parkReached.resolve();
      await claimMissed.promise;
    }
    return write(b, lease, fin, audit);
  };
  repo.claimWaiting = async (id, lease, match, signal, clearPause) => {
    const won = await claim(id, lease, match, signal, clearPause);
    if (id === parentId && !won && !seen.missed && (signal as { kind?: string } | null)?.kind === 'child_finished') {
      seen.missed = true;
      claimMissed.resolve();
      await pollFor('the parent to park', async () => ((await row(store, { id: parentId }))?.status === 'waiting' ? true : undefined), {
        timeoutMs: 20_000,
      });
    }
    return won;
  };
  return { parkReached: parkReached.promise, seen };
}

for (const engine of ['embedded', 'postgres'] as const) {
  t.test(
    `${engine}: a child's wake-up that lands while its parent is parking on it still wakes the parent`,
    { skip: engine === 'postgres' ? pgSkip : false, timeout: 60_000 },
    async (t) => {
      // The sweeps (recovery, wake-ups) run once per clock window: far beyond this test.
      const sys = await startSystem(t, { env: { SVC_CLOCK_TICK_MS: '600000', LOG_LEVEL: 'warn' }, postgres: engine === 'postgres' });
      const parentId = `run-parent-${engine}`;
      const forced = forceSignalBeforePark(sys.store, parentId);
      await sys.bus.call('run', 'save', { flow: child, caller: OPERATOR });
      await sys.bus.send('run', 'start', { runId: parentId, flow: parent, principal: 'operator', operator: true });
      await forced.parkReached;
      const childRow = await row(sys.store, { parentRunId: parentId });
      t.equal(childRow?.status, 'waiting', 'the child is parked on its wait; its parent is writing its park on it');

      // The child ends while its parent's park is in flight: its wake-up is sent at once.
      await sys.bus.send('run', 'cancel', { runId: childRow!.id, caller: OPERATOR });
      const ended = await pollFor(
        'the parent to end',
        async () => {
          const r = await row(sys.store, { id: parentId });
          return r && ['completed', 'error', 'cancelled'].includes(r.status) ? r : undefined;
        },
        { timeoutMs: 20_000, everyMs: 100 },
      ).catch(() => undefined);
      t.same(forced.seen, { park: true, missed: true }, 'the wake-up missed its claim while the park was in flight');
      t.ok(ended, 'the parent ended without a sweep');
      t.equal(ended?.errorCode, 'flow_delegate_cancelled', 'the parent reports its cancelled child');
      t.equal((await row(sys.store, { id: childRow!.id }))?.status, 'cancelled');
    },
  );
}
