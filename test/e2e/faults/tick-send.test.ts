/**
 * A tick pays each worker once across a crash: a real `svc worker` is killed -9 inside `POST /tick`
 * right after the first worker's proposal was recorded, sent and settled (`tick.proposed`), before
 * the second worker proposed and before the reply. A fresh worker gets the redelivered tick (same
 * message id, so the same attempt keys): it routes the first worker's recorded transaction instead
 * of paying again, and pays the second. Keys are sealed under one SVC_SESSION_KEY so the heir opens
 * the keys the victim booted. The caller's answer depends on timing; the chain is the witness.
 */
import t from 'tap';
import { getAddress } from 'viem';
import { startSvc } from '../../helpers/process.js';
import { skipUnless } from '../../helpers/services.js';
import { claimReal } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { until } from '../../helpers/poll.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { chainEnv, chainFixture } from '../../helpers/chain-fixture.js';

const OP = 'operator-token-tick-send-0123456789';
const USD = 1_000_000n;
const skip = (await skipUnless('postgres', 'nats')) ?? false;

t.test(
  'kill -9 inside a tick after a proposal was sent: the redelivered tick pays each worker once',
  { skip, timeout: 240_000 },
  async (t) => {
    const fx = await chainFixture(t);
    await fx.runEpoch();
    const [w1, w2] = fx.workers.map((w) => getAddress(w)) as [`0x${string}`, `0x${string}`];
    const { schema, env: real } = claimReal(t);
    const env = {
      ...real,
      LOG_LEVEL: 'info',
      SVC_ORCH_TOKEN: OP,
      SVC_SESSION_KEY: '33'.repeat(32),
      SVC_ACK_WAIT_MS: '3000',
      ...chainEnv(fx),
    };
    const value = 2n * USD;
    const balances = () =>
      Promise.all([
        fx.c.token.read('balanceOf', [fx.asset.treasury]),
        fx.c.treasury.read('allowanceBalance', [w1]),
        fx.c.treasury.read('allowanceBalance', [w2]),
        fx.c.token.read('balanceOf', [fx.vendor]),
      ]) as Promise<[bigint, bigint, bigint, bigint]>;
    const sends = () =>
      pgQuery<{ attempt: string; tx_hash: string }>(`select attempt, tx_hash from "${schema}".chain_send order by created_at`);

    const [victim, gateway] = await Promise.all([
      startSvc(t, ['worker', '--actors', 'chain'], { ...env, SVC_FAULTS: `tick.proposed:${w1}=crash` }),
      startSvc(t, ['gateway'], env),
    ]);
    for (const agent of [w1, w2]) {
      const boot = await req(gateway.url!, 'POST', '/boot', { agent, targets: [fx.vendor] }, OP);
      t.equal(boot.status, 200, boot.text);
    }
    const [treasury0, a1, a2, vendor0] = await balances();

    const answer = req(gateway.url!, 'POST', '/tick', { value: String(value) }, OP);
    t.match(await victim.exited(), { signal: 'SIGKILL' }, 'the worker died inside the tick');
    const first = await sends();
    t.equal(first.length, 1, 'only the first worker had sent when the worker died');
    const m = /^tick:(.+):(0x[0-9a-f]{40})$/.exec(first[0]!.attempt);
    t.equal(m?.[2], w1.toLowerCase(), "recorded under the tick's attempt for the first worker");
    const tickId = m![1]!;
    t.same(await balances(), [treasury0 - value, a1 - value, a2, vendor0 + value], 'the first proposal settled before the crash');

    const heir = await startSvc(t, ['worker', '--actors', 'chain'], env);
    const executed = () =>
      pgQuery<{ agent: string; tx: string; recovered: boolean | null }>(
        `select data->>'agent' as agent, data->>'txHash' as tx, (data->>'recovered')::boolean as recovered
         from "${schema}".audit_event where type = 'ActionExecuted' and data->>'tickId' = $1 order by id`,
        [tickId],
      );
    // The second worker is the tick's last proposal: once it is audited the redelivery has paid all it will.
    await until('the redelivered tick to propose for the second worker', async () => (await executed()).some((e) => e.agent === w2), {
      timeoutMs: 90_000,
      everyMs: 200,
    });
    const r = await answer;
    t.same(await balances(), [treasury0 - 2n * value, a1 - value, a2 - value, vendor0 + 2n * value], 'each worker paid exactly once');

    const all = await sends();
    t.equal(all.length, 2, 'one recorded send per worker');
    t.equal(all[0]!.tx_hash, first[0]!.tx_hash, "the first worker's record is the one made before the crash");
    const audited = await executed();
    t.same(
      audited.filter((e) => !e.recovered).map((e) => [e.agent, e.tx]),
      [
        [w1, first[0]!.tx_hash],
        [w2, all[1]!.tx_hash],
      ],
      'one settlement per worker',
    );
    t.same(
      audited.filter((e) => e.recovered).map((e) => [e.agent, e.tx]),
      [[w1, first[0]!.tx_hash]],
      "the redelivery routed the first worker's recorded transaction",
    );
    // Whoever answers the caller answers the redelivered tick; a 504 is a caller who stopped waiting.
    if (r.status === 200)
      t.same(
        r.body.proposals.map((p: { txHash: string }) => p.txHash),
        all.map((s) => s.tx_hash),
        'the reply names both',
      );
    else t.equal(r.status, 504, r.text);
    heir.proc.kill('SIGTERM');
    await heir.exited();
  },
);
