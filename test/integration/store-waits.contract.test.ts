/**
 * The waits repository's retention, against both engines: the waits of runs that ended are
 * removed once old, with the events bound to them; a run still parked or running keeps its waits
 * (a signal owed to it must still find them), and unbound kept events are left to their own expiry.
 */
import t from 'tap';
import { engines } from '../helpers/store-engines.js';
import { waitsOf } from '../../store/waits/index.js';
import { FlowRun } from '../../store/entities/FlowRun.js';
import { FlowWait } from '../../store/entities/FlowWait.js';
import { WaitEvent } from '../../store/entities/WaitEvent.js';

const DAY = 24 * 3600_000;
const T0 = new Date(Date.UTC(2026, 0, 1));
const at = (days: number) => new Date(T0.getTime() + days * DAY);

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`waits repository on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);
    const waits = waitsOf(store);
    const run = (id: string, status: string) =>
      store.em().insert(FlowRun, {
        id,
        flowId: 'order',
        flow: { id: 'order', steps: [] },
        principal: 'alice',
        input: null,
        trigger: 'manual',
        status,
        waitingReason: status === 'waiting' ? 'awaiting_webhook' : null,
        waitingStepId: status === 'waiting' ? 'paid' : null,
        waitingToken: null,
        cursor: null,
        seq: 1,
        outputs: {},
        trace: [],
        stack: ['order'],
        parentRunId: null,
        parentStepId: null,
        parentKey: null,
        errorCode: null,
        errorMessage: null,
        leaseHolder: null,
        leaseExpiresAt: null,
        pauseRequested: false,
        resumeSignal: null,
        pendingSignal: null,
        traceId: null,
        createdAt: T0,
        updatedAt: T0,
        endedAt: null,
      });
    const wait = (runId: string, key: string, createdAt = T0) =>
      waits.open({ runId, stepId: 'paid', flowId: 'order', principal: 'alice', key, deadlineAt: null, traceId: null, createdAt });
    const event = (id: string, key: string) =>
      waits.keep({
        id,
        triggerId: 'trg',
        deliveryKey: id,
        flowId: 'order',
        principal: 'alice',
        key,
        input: '{}',
        receivedAt: T0,
        expiresAt: at(400),
      });

    t.test('old waits of ended runs go with their events; live runs keep theirs', async (t) => {
      await run('done', 'completed');
      await run('gone-cancelled', 'cancelled');
      await run('parked', 'waiting');
      await run('fresh', 'completed');
      const done = await wait('done', 'k1');
      await event('e1', 'k1');
      t.ok(await waits.bind('e1', done.id, at(1)), 'bound');
      await wait('gone-cancelled', 'k2');
      const parked = await wait('parked', 'k3');
      await event('e3', 'k3');
      t.ok(await waits.bind('e3', parked.id, at(1)), 'bound, signal still owed');
      await wait('fresh', 'k4', at(40));
      await wait('no-run-row', 'k5');
      await event('kept', 'k9');

      t.equal(await waits.prune(at(30), 500), 3, 'done, cancelled and the orphan');
      const left = (
        await store
          .em()
          .fork()
          .find(FlowWait, {}, { orderBy: { id: 'asc' } })
      ).map((w) => w.id);
      t.same(left, ['fresh/paid', 'parked/paid'], 'a parked run and a recent wait stay');
      const events = (
        await store
          .em()
          .fork()
          .find(WaitEvent, {}, { orderBy: { id: 'asc' } })
      ).map((w) => w.id);
      t.same(events, ['e3', 'kept'], "the pruned wait's event went; a kept event waits for its own expiry");
      t.equal(await waits.prune(at(30), 500), 0, 'nothing more to do');
      t.ok(await waits.find('parked', 'paid'), 'the owed signal still finds its wait');
    });

    t.test('a batch is bounded', async (t) => {
      for (let i = 0; i < 5; i++) {
        await run(`b${i}`, 'error');
        await wait(`b${i}`, `kb${i}`);
      }
      t.equal(await waits.prune(at(30), 2), 2);
      t.equal(await waits.prune(at(30), 500), 3);
    });
  });
}
