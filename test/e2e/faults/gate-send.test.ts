/**
 * A spend is never paid twice: a real `svc worker` is killed -9 after its `gate` step's
 * transaction settled on anvil but before the step's boundary was recorded (`effect.returned`).
 * A fresh worker takes the run over. Without `idempotent` the run fails closed naming the
 * attempt, and the vendor was paid exactly once; with `idempotent: true` the retry finds the
 * transaction the first try recorded before broadcasting (the chain is the witness), routes it
 * `onAllow` with that transaction's hash, and the vendor is still paid exactly once.
 */
import t from 'tap';
import { startSvc } from '../../helpers/process.js';
import { skipUnless } from '../../helpers/services.js';
import { ended, setup } from '../../helpers/faults.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';

const USD = 1_000_000n;
const skip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('kill -9 between a gate settling on chain and its boundary: paid once', { skip, timeout: 240_000 }, async (t) => {
  const fx = await chainFixture(t);
  await fx.runEpoch();
  const worker = fx.workers[0]!;
  const s = await setup(t);
  const env = {
    ...s.env,
    SVC_ACK_WAIT_MS: '3000',
    // The heir takes the dead worker's run once its lease lapses: 2 s rather than the default 15 s.
    SVC_RUN_LEASE_MS: '2000',
    ...chainEnv(fx),
  };
  const paid = async () => (await fx.c.token.read('balanceOf', [fx.vendor])) as bigint;

  for (const idempotent of [false, true]) {
    const sc = idempotent ? 'gs-idem' : 'gs-once';
    const runId = `run-${sc}`;
    const value = (idempotent ? 7n : 3n) * USD;
    const flow = {
      id: `f-${sc}`,
      steps: [
        {
          id: `pay_${sc}`,
          kind: 'gate',
          value: String(value),
          target: fx.vendor,
          ...(idempotent ? { idempotent } : {}),
          onAllow: 'done',
          onEscalate: null,
          onDeny: null,
        },
        { id: 'done', kind: 'tool', tool: 'svc_echo', args: { text: 'paid {{steps.pay_' + sc + '.json.txHash}}' }, next: null },
      ],
    };
    const before = await paid();
    const victim = await startSvc(t, ['worker', '--actors', 'run,clock'], { ...env, SVC_FAULTS: `effect.returned:pay_${sc}=crash` });
    await s.bus.send('run', 'start', { runId, flow, principal: worker, operator: true }, { msgId: `start-${sc}` });
    t.match(await victim.exited(), { signal: 'SIGKILL' }, `${sc}: the worker died after the gate returned`);
    t.equal((await paid()) - before, value, `${sc}: the spend settled on chain before the crash`);
    const sent = await pgQuery(`select tx_hash from "${s.schema}".chain_send where attempt like $1`, [`${runId}%`]);
    t.equal(sent.length, 1, `${sc}: the transaction was recorded under its attempt before broadcast`);

    const heir = await startSvc(t, ['worker', '--actors', 'run,clock'], env);
    const row = await ended(s, runId, 90_000);
    if (idempotent) {
      t.equal(row.status, 'completed', `${sc}: the retry routed the recorded transaction onAllow`);
      const last = await pgQuery(`select outputs from "${s.schema}".flow_checkpoint where run_id = $1 order by seq desc limit 1`, [runId]);
      t.equal(
        (last[0] as any)?.outputs?.[`pay_${sc}`]?.json?.txHash,
        (sent[0] as any).tx_hash,
        `${sc}: the step's output is the first try's transaction`,
      );
    } else {
      t.equal(row.status, 'error', `${sc}: the run failed closed`);
      t.equal(row.error_code, 'flow_step_interrupted');
      t.match(row.error_message, new RegExp(`pay_${sc}.*attempt`), `${sc}: the failure names the step and its attempt`);
    }
    t.equal((await paid()) - before, value, `${sc}: the vendor was paid exactly once`);
    heir.proc.kill('SIGTERM');
    await heir.exited();
  }
});
