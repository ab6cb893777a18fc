/**
 * An accepted release is never lost and never releases twice (actors/run/waits.ts): a worker
 * killed -9 after binding a releaser's event to a parked wait but before signalling the run
 * (`wait.bound`), or before acking the release command (`ack.before`), leaves the wait bound and
 * the run parked. A fresh worker finishes the job, by the sweep's re-send or by the redelivered
 * command, and the step after the wait (a non-idempotent connector call) runs exactly once.
 */
import t from 'tap';
import { startSvc } from '../../helpers/process.js';
import { skipUnless } from '../../helpers/services.js';
import { pollFor } from '../../helpers/poll.js';
import { ended, runRow, setup } from '../../helpers/faults.js';
import { pgQuery } from '../../helpers/store-engines.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

const flowOf = (sc: string) => ({
  id: `f-${sc}`,
  steps: [
    { id: 'paid', kind: 'wait', for: 'webhook', key: '{{input.orderId}}' },
    { id: `ship_${sc}`, kind: 'tool', tool: 'side.effect', args: { key: `${sc}/ship` }, next: null },
  ],
});

const cases = [
  // The sweep re-sends the signal the crash swallowed.
  { sc: 'wr-bound', fault: 'wait.bound:paid', timing: { SVC_ACK_WAIT_MS: '600000', SVC_CLOCK_TICK_MS: '300' } },
  // JetStream redelivers the unacked release; the event is found bound and the signal sent.
  { sc: 'wr-ack', fault: 'ack.before:run.release', timing: { SVC_ACK_WAIT_MS: '3000', SVC_CLOCK_TICK_MS: '600000' } },
];

// Each case on its own streams and schema: the consumers' ack wait differs between them.
for (const c of cases) {
  t.test(`kill -9 at ${c.fault} while releasing a wait: released once, next step once`, { skip: realSkip, timeout: 180_000 }, async (t) => {
    const s = await setup(t);
    const runId = `run-${c.sc}`;
    const victim = await startSvc(t, ['worker', '--actors', 'run,clock'], { ...s.env, ...c.timing, SVC_FAULTS: `${c.fault}=crash` });
    await s.bus.send(
      'run',
      'start',
      { runId, flow: flowOf(c.sc), input: JSON.stringify({ orderId: `o-${c.sc}` }), principal: 'operator', operator: true },
      { msgId: `start-${c.sc}` },
    );
    await pollFor('the run to park on its key', async () => (await runRow(s, runId))?.status === 'waiting' || undefined, {
      timeoutMs: 30_000,
      everyMs: 100,
    });
    await s.bus.send(
      'run',
      'release',
      {
        eventId: `evt-${c.sc}`,
        flowId: `f-${c.sc}`,
        principal: 'operator',
        key: `o-${c.sc}`,
        input: '{"amount":7}',
        delivery: { triggerId: `trg-${c.sc}`, deliveryKey: 'd1', bytes: 10, eventType: null, at: new Date().toISOString() },
      },
      { msgId: `release-${c.sc}` },
    );
    t.match(await victim.exited(), { signal: 'SIGKILL' }, `${c.sc}: the worker died at ${c.fault}`);
    const bound = await pgQuery(`select status, event_id from "${s.schema}".flow_wait where run_id = $1`, [runId]);
    t.same(bound, [{ status: 'released', event_id: `evt-${c.sc}` }], `${c.sc}: the wait was bound before the crash`);
    t.equal((await runRow(s, runId)).status, 'waiting', `${c.sc}: the run is still parked`);

    const heir = await startSvc(t, ['worker', '--actors', 'run,clock'], { ...s.env, ...c.timing });
    const row = await ended(s, runId);
    t.equal(row.status, 'completed', `${c.sc}: the run went on past the wait`);
    t.equal(s.side.count(`${c.sc}/ship`), 1, `${c.sc}: the step after the wait ran once`);
    const trail = await pgQuery(`select step_id from "${s.schema}".flow_checkpoint where run_id = $1 order by seq`, [runId]);
    t.equal(trail.filter((x) => x.step_id === `ship_${c.sc}`).length, 1, `${c.sc}: one checkpoint past the wait`);
    heir.proc.kill('SIGTERM');
    await heir.exited();
  });
}
