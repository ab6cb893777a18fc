/**
 * `POST /tick` on a real chain: one tick of the agent loop, through the real engine (PostgreSQL,
 * NATS) bound to the demo org on anvil. Only workers holding a key from `POST /boot` propose; each
 * proposal is routed by the chain (ALLOW pays exactly the value, ESCALATE leaves an intent, a value
 * over the key's ceiling sends nothing); a paused worker is skipped; the same tick delivered twice
 * pays once. Without a chain the route answers 409 `no_chain`.
 */
import t from 'tap';
import { loadConfig } from '../../../runtime/config.js';
import { chainFor } from '../../../chain/select.js';
import { chainEnv, chainFixture, fixtureTarget, noTools } from '../../helpers/chain-fixture.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { skipUnless } from '../../helpers/services.js';

const OP = 'operator-token-tick-0123456789';
const USD = 1_000_000n;

const skip = await skipUnless('postgres', 'nats');
if (skip) t.plan(0, skip);
else {
  const fx = await chainFixture(t);
  await fx.runEpoch();
  const [w1, w2] = fx.workers as [`0x${string}`, `0x${string}`];
  const { asset } = fx;
  // Sealed at rest, so the port a test builds beside the system can open the keys the system issued.
  const env = { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: '22'.repeat(32), ...chainEnv(fx) };
  const sys = await startSystem(t, { env, postgres: true, nats: true });
  const tick = (value?: bigint) => req(sys.url, 'POST', '/tick', value === undefined ? undefined : { value: String(value) }, OP);
  const balances = () =>
    Promise.all([
      fx.c.token.read('balanceOf', [asset.treasury]),
      fx.c.treasury.read('allowanceBalance', [w1]),
      fx.c.treasury.read('allowanceBalance', [w2]),
      fx.c.token.read('balanceOf', [fx.vendor]),
    ]);

  t.test('no worker holds a key: nobody proposes, nothing is sent, none is issued', async (t) => {
    const nonce = await fx.chain.public.getTransactionCount({ address: fx.issuer.account.address });
    const r = await tick(USD);
    t.equal(r.status, 200, r.text);
    t.same(r.body.proposals, []);
    t.same(r.body.skipped, [
      { agent: w1, reason: 'no_session' },
      { agent: w2, reason: 'no_session' },
    ]);
    t.equal(await fx.chain.public.getTransactionCount({ address: fx.issuer.account.address }), nonce, 'no key issued by a tick');
  });

  t.test('booted workers propose their standing spend: under the cap each pays exactly the value', async (t) => {
    const pinned = await req(sys.url, 'POST', '/boot', { agent: w1, maxValue: String(30n * USD), targets: [fx.vendor] }, OP);
    t.equal(pinned.status, 200, pinned.text);
    const open = await req(sys.url, 'POST', '/boot', { agent: w2 }, OP);
    t.equal(open.status, 200, open.text);
    const [treasury0, a1, a2, vendor0] = await balances();
    const executed0 = (await req(sys.url, 'GET', '/usage', undefined, OP)).body.counts.ActionExecuted ?? 0;

    const r = await tick();
    t.equal(r.status, 200, r.text);
    t.match(r.body, { asset: 'mUSD', value: String(USD), skipped: [], failed: [] }, 'default: one whole token');
    t.match(r.body.proposals, [
      { agent: w1, sessionId: pinned.body.sessionId, target: fx.vendor, value: String(USD), verdict: 'ALLOW', txHash: /^0x/ },
      // No pin: the first target the worker's whitelist allows.
      { agent: w2, sessionId: open.body.sessionId, target: fx.vendor, value: String(USD), verdict: 'ALLOW', txHash: /^0x/ },
    ]);
    for (const p of r.body.proposals)
      t.equal((await fx.chain.public.getTransactionReceipt({ hash: p.txHash })).status, 'success', 'on chain');
    t.same(await balances(), [treasury0 - 2n * USD, a1 - USD, a2 - USD, vendor0 + 2n * USD], 'each paid exactly the value, once');

    const usage = await req(sys.url, 'GET', '/usage', undefined, OP);
    t.equal(usage.body.counts.ActionExecuted, executed0 + 2, 'each settled spend is audited');
  });

  t.test('over the cap: an intent for the manager; over the key: DENY, nothing sent', async (t) => {
    const [treasury0, a1, a2] = await balances();
    const nonce1 = await fx.chain.public.getTransactionCount({ address: (await keyOf(w1)) as `0x${string}` });
    const r = await tick(80n * USD);
    t.equal(r.status, 200, r.text);
    t.match(r.body.proposals, [
      { agent: w1, verdict: 'DENY', reason: 'SessionValueExceeded', summary: /over the session ceiling/ },
      { agent: w2, verdict: 'ESCALATE', intentId: /^\d+$/, approver: fx.manager.account.address },
    ]);
    t.notOk(r.body.proposals[0].txHash, 'the DENY names no transaction');
    t.equal(
      await fx.chain.public.getTransactionCount({ address: (await keyOf(w1)) as `0x${string}` }),
      nonce1,
      'the capped key sent nothing',
    );
    t.same((await balances()).slice(0, 3), [treasury0, a1, a2], 'no money moved');
    const intents = await req(sys.url, 'GET', '/intents', undefined, OP);
    t.ok(
      intents.body.intents.some((i: any) => i.intentId === r.body.proposals[1].intentId && i.agent === w2),
      'the intent is pending',
    );
  });

  t.test('the same tick delivered twice pays once', async (t) => {
    const config = loadConfig(env);
    const port = chainFor(config, {
      target: fixtureTarget(fx, config),
      store: sys.store,
      ...noTools,
      audit: sys.audit,
      log: sys.log,
    });
    const [treasury0] = await balances();
    const first = await port.tick({ tickId: 'tick-twice', value: String(2n * USD) });
    const again = await port.tick({ tickId: 'tick-twice', value: String(2n * USD) });
    t.same(
      again.proposals.map((p) => p.txHash),
      first.proposals.map((p) => p.txHash),
      'the second delivery routes the recorded transactions',
    );
    t.equal(first.proposals.length, 2);
    t.equal((await balances())[0], treasury0 - 4n * USD, 'paid once per worker');
  });

  t.test('a paused worker is skipped, and its revoked key is not used after the pause is lifted', async (t) => {
    t.equal((await req(sys.url, 'POST', '/agents/pause', { agent: w2 }, OP)).status, 200);
    const paused = await tick(USD);
    t.match(paused.body.skipped, [{ agent: w2, reason: 'paused' }]);
    t.match(paused.body.proposals, [{ agent: w1, verdict: 'ALLOW' }]);
    await req(sys.url, 'POST', '/agents/unpause', { agent: w2 }, OP);
    const after = await tick(USD);
    t.match(after.body.skipped, [{ agent: w2, reason: 'no_session' }], 'pausing revoked its keys');
  });

  /** The key address of a worker's newest live session, from GET /sessions. */
  async function keyOf(agent: string): Promise<string> {
    const s = await req(sys.url, 'GET', '/sessions', undefined, OP);
    const live = s.body.sessions.filter((x: any) => x.agent === agent && !x.revoked);
    return live[live.length - 1].key;
  }
}

t.test('without a chain a tick is 409 no_chain', async (t) => {
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP } });
  const r = await req(sys.url, 'POST', '/tick', {}, OP);
  t.same([r.status, r.body.error], [409, 'no_chain'], r.text);
  const bad = await req(sys.url, 'POST', '/tick', { value: '-1' }, OP);
  t.same([bad.status, bad.body.error], [400, 'invalid_request'], 'a value is base units');
});
