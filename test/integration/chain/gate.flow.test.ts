/**
 * The `gate` step on a real chain (docs/chain.md "The `gate` step on a chain"): flows run through the real engine (PostgreSQL,
 * NATS) with the chain port bound to the demo org on anvil, by the same settings an operator sets.
 * Under the worker's cap the spend settles (treasury and allowance move by exactly the value); over
 * it an intent waits on chain for the manager; a non-whitelisted target takes onDeny with nothing
 * sent; a scoped run over the scope's ceiling meets SessionValueExceeded and takes onDeny. A retry
 * of the same attempt finds the transaction the first try sent and does not pay twice.
 */
import t from 'tap';
import { loadConfig } from '../../../runtime/config.js';
import { chainFor } from '../../../chain/select.js';
import { anvilPrivateKey } from '../../../chain/dev/accounts.js';
import { keylessAddress } from '../../../chain/dev/deploy.js';
import { chainSessionsOf } from '../../../store/chain-sessions/index.js';
import { chainEnv, chainFixture, fixtureTarget, noTools } from '../../helpers/chain-fixture.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { skipUnless } from '../../helpers/services.js';
import { until } from '../../helpers/poll.js';

const OP = 'operator-token-gate-0123456789';
const USD = 1_000_000n;

const skip = await skipUnless('postgres', 'nats');
if (skip) t.plan(0, skip);
else {
  const fx = await chainFixture(t);
  await fx.runEpoch();
  const worker = fx.workers[0]!;
  const manager = fx.manager.account.address;
  const { asset, deployment } = fx;
  const env = {
    SVC_ORCH_TOKEN: OP,
    ...chainEnv(fx),
    LOG_LEVEL: 'debug',
  };
  const sys = await startSystem(t, { env, postgres: true, nats: true });

  const spendFlow = (id: string, value: bigint, target: string, extra: Record<string, unknown> = {}) => ({
    id,
    ...extra,
    steps: [
      { id: 'pay', kind: 'gate', value: String(value), target, onAllow: 'paid', onEscalate: 'asked', onDeny: 'refused' },
      { id: 'paid', kind: 'tool', tool: 'svc_echo', args: { text: 'paid {{steps.pay.json.txHash}}' }, next: null },
      { id: 'asked', kind: 'tool', tool: 'svc_echo', args: { text: 'asked {{steps.pay.json.intentId}}' }, next: null },
      { id: 'refused', kind: 'tool', tool: 'svc_echo', args: { text: 'refused' }, next: null },
    ],
  });
  /** Starts the flow as `as` and waits for it to end; the run view and its step outputs. */
  const run = async (flow: unknown, as = worker): Promise<{ run: any; outputs: any }> => {
    const r = await req(sys.url, 'POST', '/flows/run', { flow, as }, OP);
    t.ok(r.status === 200 || r.status === 202, r.text.slice(0, 400));
    for (const end = Date.now() + 30_000; ; await new Promise((res) => setTimeout(res, 50))) {
      const state = await req(sys.url, 'GET', `/flows/runs/state?runId=${r.body.id}`, undefined, OP);
      if (state.status === 200 && state.body.run.status !== 'running') return state.body;
      if (Date.now() > end) throw new Error(`run ${r.body.id} did not end: ${state.text.slice(0, 400)}`);
    }
  };
  const gateOf = (body: { run: any }) => body.run.steps.find((s: any) => s.stepId === 'pay');
  const ports = (body: { run: any }) => body.run.steps.map((s: any) => s.stepId);
  const nonces = () =>
    Promise.all([
      fx.chain.public.getTransactionCount({ address: fx.root.account.address }),
      fx.chain.public.getTransactionCount({ address: fx.issuer.account.address }),
    ]);

  t.test('under the cap: settles, and treasury, allowance and vendor move by exactly the value', async (t) => {
    const value = 12n * USD;
    const [treasury0, allowance0, vendor0] = await Promise.all([
      fx.c.token.read('balanceOf', [asset.treasury]),
      fx.c.treasury.read('allowanceBalance', [worker]),
      fx.c.token.read('balanceOf', [fx.vendor]),
    ]);
    const body = await run(spendFlow('gate-allow', value, fx.vendor));
    t.equal(body.run.status, 'completed');
    t.same(ports(body), ['pay', 'paid'], 'onAllow');
    const gate = gateOf(body);
    t.equal(gate.verdict, 'ALLOW');
    const out = body.outputs.pay;
    const receipt = await fx.chain.public.getTransactionReceipt({ hash: out.json.txHash });
    t.equal(receipt.status, 'success', 'the recorded transaction is on chain');
    t.match(out.json, { value: String(value), target: fx.vendor, asset: 'mUSD', sessionId: String });
    t.equal(await fx.c.token.read('balanceOf', [asset.treasury]), treasury0 - value, 'treasury down by the value');
    t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), allowance0 - value, 'allowance down by the value');
    t.equal(await fx.c.token.read('balanceOf', [fx.vendor]), vendor0 + value, 'vendor up by the value');
    const issued = await chainSessionsOf(sys.store).liveOf(deployment.sessions, worker, new Date(0));
    t.ok(issued.length >= 1, 'the key is recorded');
    t.ok(
      issued.every((s) => s.sealedKey === null),
      'no SVC_SESSION_KEY: the private half is not stored',
    );
    t.notOk(sys.logs.join('').includes(anvilPrivateKey(0).slice(2)), 'the orchestrator key is never logged');
    t.notOk(sys.logs.join('').includes(anvilPrivateKey(2).slice(2)), 'the issuer key is never logged');

    const history = await req(sys.url, 'GET', '/sessions/history', undefined, OP);
    t.equal(history.status, 200);
    t.match(history.body.sessions, [
      { event: 'issued', agent: worker, sessionId: out.json.sessionId, authorizedBy: fx.issuer.account.address, txHash: /^0x/ },
    ]);
    t.notOk(history.text.includes(anvilPrivateKey(2).slice(2)));

    const again = await run(spendFlow('gate-allow-2', value, fx.vendor));
    t.same(ports(again), ['pay', 'paid']);
    const after = await chainSessionsOf(sys.store).liveOf(deployment.sessions, worker, new Date(0));
    t.equal(after.length, issued.length, 'a second spend under the same bounds reuses the cached key');
  });

  t.test('over the cap: an intent waits on chain for the manager', async (t) => {
    const value = 80n * USD;
    const allowance0 = await fx.c.treasury.read('allowanceBalance', [worker]);
    const body = await run(spendFlow('gate-escalate', value, fx.vendor));
    t.same(ports(body), ['pay', 'asked'], 'onEscalate');
    t.equal(gateOf(body).verdict, 'ESCALATE');
    const out = body.outputs.pay;
    const id = BigInt(out.json.intentId);
    t.ok(id > 0n);
    const intent = await fx.c.router.read('getIntent', [id]);
    t.match(intent, { agent: worker, target: fx.vendor, value, awaitingApprover: manager, resolved: false });
    t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), allowance0, 'nothing moved');
  });

  t.test('a target off the whitelist: onDeny, and nothing is sent', async (t) => {
    const before = await nonces();
    const sessions0 = await fx.c.sessions.read('nextSessionId');
    const body = await run(spendFlow('gate-deny', 5n * USD, keylessAddress('not a vendor')));
    t.same(ports(body), ['pay', 'refused'], 'onDeny');
    t.equal(gateOf(body).verdict, 'DENY');
    t.same(await nonces(), before, 'neither the orchestrator nor the issuer sent anything');
    t.equal(await fx.c.sessions.read('nextSessionId'), sessions0, 'no key was issued');
  });

  t.test('a scoped run over the scope ceiling: SessionValueExceeded takes onDeny', async (t) => {
    // Scope ref = the manager: ceiling min(cap(worker) 50, cap(manager) 200) = 50; 80 is over it.
    const allowance0 = await fx.c.treasury.read('allowanceBalance', [worker]);
    const body = await run(spendFlow('gate-scoped', 80n * USD, fx.vendor, { scope: { level: 'agent', ref: manager } }));
    t.same(ports(body), ['pay', 'refused'], 'onDeny, not onEscalate: a ceiling never escalates');
    const gate = gateOf(body);
    t.equal(gate.verdict, 'DENY');
    t.match(gate.summary, /SessionValueExceeded/);
    const out = body.outputs.pay;
    t.match(out.json, { reason: 'SessionValueExceeded', max: String(50n * USD) });
    t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), allowance0, 'nothing moved');
  });

  t.test('a retry of the same attempt finds the first transaction and does not pay twice', async (t) => {
    const config = loadConfig(env);
    const port = chainFor(config, {
      target: fixtureTarget(fx, config),
      store: sys.store,
      ...noTools,
      audit: sys.audit,
      log: sys.log,
    });
    const value = 3n * USD;
    const allowance0 = await fx.c.treasury.read('allowanceBalance', [worker]);
    const spend = { principal: worker, value: String(value), target: fx.vendor, runId: 'run-retry', stepId: 'pay' };
    const first = await port.proposeSpend({ ...spend, attemptKey: 'run-retry/pay/1' });
    t.equal(first.verdict, 'ALLOW');
    const retry = await port.proposeSpend({ ...spend, attemptKey: 'run-retry/pay/1.r1' });
    t.equal(retry.verdict, 'ALLOW', 'the retry routes on the first transaction');
    t.equal((retry.json as any).txHash, (first.json as any).txHash, 'the same transaction');
    t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), allowance0 - value, 'paid once');
    const other = await port.proposeSpend({ ...spend, attemptKey: 'run-retry/pay/2' });
    t.not((other.json as any).txHash, (first.json as any).txHash, 'another attempt is another spend');
    t.equal(await fx.c.treasury.read('allowanceBalance', [worker]), allowance0 - 2n * value);
  });

  t.test('with SVC_SESSION_KEY the key is sealed at rest and reused by a fresh process', async (t) => {
    const other = fx.workers[1]!;
    const portWith = (sealing: string) => {
      const config = loadConfig({ ...env, SVC_SESSION_KEY: sealing });
      return chainFor(config, {
        target: fixtureTarget(fx, config),
        store: sys.store,
        ...noTools,
        audit: sys.audit,
        log: sys.log,
      });
    };
    const spend = (attempt: string) => ({
      principal: other,
      value: String(USD),
      target: fx.vendor,
      runId: 'run-seal',
      stepId: 'pay',
      attemptKey: attempt,
    });
    const first = await portWith('11'.repeat(32)).proposeSpend(spend('run-seal/pay/1'));
    t.equal(first.verdict, 'ALLOW');
    const [row] = await chainSessionsOf(sys.store).liveOf(deployment.sessions, other, new Date(0));
    t.match(row?.sealedKey, /^v1\./, 'stored sealed');
    const issuedBefore = await fx.c.sessions.read('nextSessionId');
    const second = await portWith('11'.repeat(32)).proposeSpend(spend('run-seal/pay/2'));
    t.equal((second.json as any).sessionId, (first.json as any).sessionId, 'a fresh process opens the sealed key and reuses it');
    t.equal(await fx.c.sessions.read('nextSessionId'), issuedBefore, 'no new key');
    const third = await portWith('22'.repeat(32)).proposeSpend(spend('run-seal/pay/3'));
    t.not((third.json as any).sessionId, (first.json as any).sessionId, 'another sealing key cannot open it: a new key is issued');
  });

  t.test('pausing the agent revokes its live keys on chain; after unpause a gate gets a new one', async (t) => {
    const ids: bigint[] = await fx.c.sessions.read('sessionsOf', [worker]);
    const live: string[] = [];
    for (const id of ids) if (await fx.c.sessions.read('isValid', [id])) live.push(String(id));
    t.ok(live.length >= 2, 'keys from the gates above, some issued by other processes');
    const paused = await req(sys.url, 'POST', '/agents/pause', { agent: worker, reason: 'containment test' }, OP);
    t.equal(paused.status, 200, paused.text);
    t.same([...paused.body.revokedSessions].sort(), [...live].sort(), 'every live key of the agent');
    t.equal(paused.body.sessionsNotRevoked, undefined);
    for (const id of live) t.equal(await fx.c.sessions.read('isValid', [BigInt(id)]), false, `key ${id} is dead on chain`);
    const history = (await req(sys.url, 'GET', '/sessions/history', undefined, OP)).body.sessions as any[];
    t.ok(
      history.some((e) => e.event === 'revoked' && e.authorizedBy === 'containment' && e.agent === worker && /^0x/.test(e.txHash)),
      'recorded as a containment revoke',
    );
    const again = await req(sys.url, 'POST', '/agents/pause', { agent: worker }, OP);
    t.same(again.body.revokedSessions, [], 'nothing left to revoke');

    t.equal((await req(sys.url, 'POST', '/agents/unpause', { agent: worker }, OP)).status, 200);
    const body = await run(spendFlow('gate-after-pause', USD, fx.vendor));
    t.same(ports(body), ['pay', 'paid']);
    t.notOk(live.includes(body.outputs.pay.json.sessionId), 'a new key, not a revoked one from the cache');
  });

  t.test('POST /boot: a bounded, pinned key for a worker; reused under the same bounds; never widened; none when paused', async (t) => {
    const agent = fx.workers[1]!;
    const body = { agent, scopes: ['propose:intent'], maxValue: String(30n * USD), targets: [fx.vendor] };
    const first = await req(sys.url, 'POST', '/boot', body, OP);
    t.equal(first.status, 200, first.text);
    t.match(first.body, { agent, scopes: ['propose:intent'], maxValue: String(30n * USD), targets: [fx.vendor], reused: false });
    t.notOk(/[0-9a-f]{64}/i.test(first.text.replace(/"0x[0-9a-fA-F]{40}"/g, '')), 'no private key in the answer');
    const [onAgent, onKey, , mask, revoked, , , maxValue] = await fx.c.sessions.read('sessions', [BigInt(first.body.sessionId)]);
    t.same([onAgent, onKey, mask, revoked, maxValue], [agent, first.body.key, 1, false, 30n * USD], 'as issued on chain');
    t.same(await fx.c.sessions.read('allowedTargetsOf', [BigInt(first.body.sessionId)]), [fx.vendor]);
    const again = await req(sys.url, 'POST', '/boot', body, OP);
    t.match(again.body, { sessionId: first.body.sessionId, reused: true }, 'the same bounds reuse the live key');

    const wide = await req(sys.url, 'POST', '/boot', { agent, maxValue: String(10_000n * USD) }, OP);
    t.same([wide.status, wide.body.error], [400, 'invalid_request'], 'over the ceiling is refused');
    const stranger = await req(sys.url, 'POST', '/boot', { agent: keylessAddress('nobody') }, OP);
    t.same([stranger.status, stranger.body.error], [400, 'invalid_request'], 'not an org node');
    await req(sys.url, 'POST', '/agents/pause', { agent }, OP);
    const paused = await req(sys.url, 'POST', '/boot', { agent }, OP);
    t.same([paused.status, paused.body.error], [403, 'principal_paused'], 'a paused agent gets none');
    await req(sys.url, 'POST', '/agents/unpause', { agent }, OP);
  });

  t.test('a gate before the chain is bound fails chain_unavailable, never mock', async (t) => {
    const port = chainFor(loadConfig(env), {
      target: () => ({ notReady: 'deployment_missing: deploying' }),
      store: sys.store,
      ...noTools,
      audit: sys.audit,
      log: sys.log,
    });
    t.equal(port.configured, true);
    await t.rejects(port.proposeSpend({ principal: worker, value: '1', target: fx.vendor, runId: 'r', stepId: 's', attemptKey: 'r/s/1' }), {
      code: 'chain_unavailable',
    });
  });
}

t.test('SVC_CHAIN=dev: a gate works with the dev keys by default (root pays gas, the issuer issues)', async (t) => {
  const sys = await startSystem(t, { env: { SVC_CHAIN: 'dev', SVC_ORCH_TOKEN: OP } });
  await until('the dev deploy', async () => (await req(sys.url, 'GET', '/health', undefined, OP)).body.mode === 'chain', {
    timeoutMs: 60_000,
    everyMs: 250,
  });
  const flow = {
    id: 'dev-gate',
    steps: [
      {
        id: 'pay',
        kind: 'gate',
        value: String(80n * USD),
        target: keylessAddress('vendor'),
        onAllow: null,
        onEscalate: null,
        onDeny: null,
      },
    ],
  };
  const started = await req(sys.url, 'POST', '/flows/run', { flow, as: keylessAddress('worker 1') }, OP);
  t.equal(started.status, 200, started.text.slice(0, 400));
  t.equal(started.body.status, 'completed', JSON.stringify(started.body.steps));
  t.match(started.body.steps[0], { stepId: 'pay', verdict: 'ESCALATE', summary: /awaits 0x70997970C51812dc3A010C7d01b50e0d17dc79C8/ });
  const history = await req(sys.url, 'GET', '/sessions/history', undefined, OP);
  t.match(
    history.body.sessions,
    [{ event: 'issued', agent: keylessAddress('worker 1'), authorizedBy: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }],
    'issued by anvil account 2',
  );
  for (const i of [0, 2]) t.notOk(sys.logs.join('').includes(anvilPrivateKey(i).slice(2)), `anvil key ${i} is never logged`);
});

t.test('POST /boot without a chain is 409 no_chain', async (t) => {
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP } });
  const r = await req(sys.url, 'POST', '/boot', { agent: keylessAddress('worker 1') }, OP);
  t.same([r.status, r.body.error], [409, 'no_chain']);
});
