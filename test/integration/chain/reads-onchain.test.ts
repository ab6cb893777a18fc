/**
 * Every chain read (docs/chain.md "Reads") against the demo org on a real anvil, through the
 * real gateway (SVC_CHAIN_RPC + the deployment file `svc chain dev` writes): the org tree, a
 * worker's and the manager's stacks with the seeded values, grants, treasury holdings before and
 * after an epoch, an issued session key, an escalated intent with its verdict, simulated balance
 * changes and call trace (and the intent still pending afterwards), the same intent through an
 * RPC that lacks the two methods (served, not measured), the org's balances on the bound chain; then the chain stops under a read and the read is 503, never a partial answer.
 */
import t, { type Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, maxUint256 } from 'viem';
import { chainFixture } from '../../helpers/chain-fixture.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { until } from '../../helpers/poll.js';
import { deploymentFile } from '../../../chain/dev/deployment-file.js';
import { loadConfig } from '../../../runtime/config.js';
import { chainRuntime } from '../../../chain/runtime.js';

const USD = 1_000_000n;

const fx = await chainFixture(t);
const { deployment, asset, vendor } = fx;
const [w1, w2] = fx.workers as [`0x${string}`, `0x${string}`];
const root = deployment.seed.root;
const manager = deployment.seed.manager;
const env = {
  SVC_CHAIN_RPC: fx.chain.anvil.url,
  SVC_CHAIN_ID: '31337',
  SVC_CHAIN_DEPLOYMENT: JSON.stringify(deploymentFile(deployment, fx.chain.anvil.url)),
};
// The off-chain overlay: the manager's entry spelled in lowercase carries a role, w2's only skills.
const org = { [manager.toLowerCase()]: { crews: [], role: 'treasurer' }, [w2]: { crews: [], skills: ['triage'] } };
const sys = await startSystem(t, { env: { ...env, SVC_ORG: JSON.stringify(org) } });
const get = async (t: Test, path: string) => {
  const res = await req(sys.url, 'GET', path);
  t.equal(res.status, 200, `GET ${path}: ${res.text.slice(0, 300)}`);
  return res.body;
};

t.test('GET /org: root, the manager under it, two workers under the manager, breadth-first; a role from SVC_ORG', async (t) => {
  // A loaded machine can miss the first 1.5 s probe of the just-started anvil: wait for one that reaches it.
  await until('a probe that reaches the chain', async () => (await req(sys.url, 'GET', '/health')).body.mode === 'chain', {
    timeoutMs: 20_000,
    everyMs: 500,
  });
  t.same(await get(t, '/org'), {
    root,
    nodes: [
      { address: root, kind: 'HumanRoot', parent: null, active: true, children: [manager] },
      { address: manager, kind: 'ManagerAgent', parent: root, active: true, children: [w1, w2], roleId: 'treasurer' },
      { address: w1, kind: 'WorkerAgent', parent: manager, active: true, children: [] },
      { address: w2, kind: 'WorkerAgent', parent: manager, active: true, children: [] },
    ],
  });
});

t.test('GET /policies: a worker reads the default stack, the manager its own; every node without ?node', async (t) => {
  const p = asset.policies;
  t.same(await get(t, `/policies?node=${w1}`), {
    asset: 'mUSD',
    policies: [
      {
        node: w1,
        bound: false,
        stack: p.workerStack,
        modules: [
          { address: p.timeWindow, kind: 'time_window', startSecondOfDay: 0, endSecondOfDay: 86400 },
          { address: p.whitelist, kind: 'whitelist', allowedTargets: [vendor] },
          { address: p.spendCap, kind: 'spend_cap', cap: (50n * USD).toString() },
          { address: p.rateLimit, kind: 'rate_limit', maxActions: 10, windowSeconds: 3600, window: { start: '0', count: 0 } },
        ],
      },
    ],
  });
  const all = await get(t, '/policies?asset=musd');
  t.same(
    all.policies.map((n: any) => [n.node, n.bound, n.stack]),
    [
      [root, false, p.workerStack],
      [manager, true, p.managerStack],
      [w1, false, p.workerStack],
      [w2, false, p.workerStack],
    ],
  );
  t.same(
    all.policies[0].modules[2],
    { address: p.spendCap, kind: 'spend_cap', cap: maxUint256.toString() },
    'root: unlimited, as a decimal string',
  );
  t.same(all.policies[1].modules, [
    { address: p.whitelist, kind: 'whitelist', allowedTargets: [vendor] },
    { address: p.spendCap, kind: 'spend_cap', cap: (200n * USD).toString() },
  ]);
  const unknown = await req(sys.url, 'GET', '/policies?asset=EUR');
  t.equal(unknown.status, 400);
  t.same(unknown.body, { error: 'unknown_asset', message: 'no asset EUR in this deployment (known: mUSD)' });
  t.equal((await req(sys.url, 'GET', '/governance/grants?asset=EUR')).body.error, 'unknown_asset');
});

t.test('GET /governance/grants and /treasury/balances, before and after an epoch', async (t) => {
  const grants = await get(t, '/governance/grants');
  t.same(grants.grants, [
    { recipient: w1, amount: (200n * USD).toString() },
    { recipient: w2, amount: (200n * USD).toString() },
  ]);
  t.equal(grants.asset, 'mUSD');
  const row = { asset: 'mUSD', token: asset.token, treasury: asset.treasury };
  t.same(await get(t, '/treasury/balances'), {
    balances: [{ ...row, balance: (100_000n * USD).toString(), liquid: (100_000n * USD).toString(), reserved: '0' }],
  });
  await fx.runEpoch();
  t.same(await get(t, '/treasury/balances'), {
    balances: [{ ...row, balance: (100_000n * USD).toString(), liquid: (99_600n * USD).toString(), reserved: (400n * USD).toString() }],
  });
  t.equal((await get(t, '/governance/grants')).epoch, (await fx.c.streamer.read('currentEpoch')).toString());
});

let sessionKey: Awaited<ReturnType<typeof fx.sessionKey>>;

t.test('GET /sessions: an issued key with its scopes, ceiling, pins, expiry and its own window and rate limit', async (t) => {
  t.same(await get(t, '/sessions'), { sessions: [] });
  sessionKey = await fx.sessionKey(w1, { targets: [vendor] });
  const capped = await fx.sessionKey(w2, { mask: 1, maxValue: 25n * USD });
  const timed = await fx.sessionKey(w2, { window: [32_400, 61_200], rate: [5, 600] });
  const { sessions } = await get(t, '/sessions');
  const expiry = async (id: bigint) => {
    const s = await fx.c.sessions.read('sessions', [id]);
    return new Date(Number(s[2]) * 1000).toISOString();
  };
  t.same(sessions, [
    {
      sessionId: sessionKey.id.toString(),
      agent: w1,
      key: sessionKey.key.account.address,
      expiresAt: await expiry(sessionKey.id),
      scopes: ['propose:intent', 'spend:whitelist'],
      maxValue: 'unlimited',
      pins: [vendor],
      revoked: false,
    },
    {
      sessionId: capped.id.toString(),
      agent: w2,
      key: capped.key.account.address,
      expiresAt: await expiry(capped.id),
      scopes: ['propose:intent'],
      maxValue: (25n * USD).toString(),
      pins: [],
      revoked: false,
    },
    {
      sessionId: timed.id.toString(),
      agent: w2,
      key: timed.key.account.address,
      expiresAt: await expiry(timed.id),
      scopes: ['propose:intent', 'spend:whitelist'],
      maxValue: 'unlimited',
      pins: [],
      revoked: false,
      window: { start: 32_400, end: 61_200 },
      rateLimit: { maxActions: 5, windowSeconds: 600 },
    },
  ]);
});

t.test('GET /intents: an over-cap proposal waits for the manager, with verdict, measured changes and call trace', async (t) => {
  t.same(await get(t, '/intents'), { intents: [] });
  const value = 100n * USD;
  await fx.c.router.write(sessionKey.key, 'propose', [w1, vendor, value, '0x']);
  const vendorBefore = await fx.c.token.read('balanceOf', [vendor]);
  const { intents } = await get(t, '/intents');
  t.equal(intents.length, 1);
  const [i] = intents;
  t.match(i, { asset: 'mUSD', intentId: '1', agent: w1, target: vendor, value: value.toString(), data: '0x', awaitingApprover: manager });
  t.equal(i.verdict, 'ALLOW', "the manager's own stack (cap 200) allows 100");
  t.same(
    [...i.measuredChanges].sort((a: any, b: any) => a.account.localeCompare(b.account)),
    [
      { account: asset.treasury, token: asset.token, delta: (-value).toString() },
      { account: vendor, token: asset.token, delta: value.toString() },
    ].sort((a, b) => a.account.localeCompare(b.account)),
    'the treasury pays the vendor; nothing else moves',
  );
  t.match(i.callTrace[0], { depth: 0, type: 'CALL', from: manager, to: asset.router, value: '0' });
  t.ok(i.callTrace.length <= 64 && i.callTrace.every((f: any) => f.depth <= 6), 'bounded');
  const to = new Set(i.callTrace.map((f: any) => f.to && getAddress(f.to)));
  t.ok(to.has(asset.treasury) && to.has(asset.token), 'the trace reaches the treasury and the token');
  t.equal((await fx.c.router.read('getIntent', [1n])).resolved, false, 'measuring resolved nothing');
  t.equal(await fx.c.token.read('balanceOf', [vendor]), vendorBefore, 'and moved nothing');
});

t.test('an RPC without eth_simulateV1 and debug_traceCall: the intent is served, measuredChanges and callTrace absent', async (t) => {
  const refused = new Set(['eth_simulateV1', 'debug_traceCall']);
  const answer = (call: { id: unknown; method: string }) =>
    refused.has(call.method) ? { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'the method does not exist' } } : undefined;
  // A node that lacks the two methods, as many hosted RPCs do: everything else goes to anvil.
  const proxy = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = JSON.parse(Buffer.concat(chunks).toString());
    const calls: { id: unknown; method: string }[] = Array.isArray(body) ? body : [body];
    const forward = calls.filter((c) => !answer(c));
    const forwarded = forward.length
      ? await (
          await fetch(fx.chain.anvil.url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(forward),
          })
        ).json()
      : [];
    const out = calls.map((c) => answer(c) ?? (forwarded as { id: unknown }[]).find((f) => f.id === c.id));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(Array.isArray(body) ? out : out[0]));
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise((r) => proxy.close(r)));
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const rt = chainRuntime(loadConfig({ ...env, SVC_CHAIN_RPC: url }).chain);
  const { intents } = await (await rt.reads()).intents();
  t.equal(intents.length, 1);
  t.match(intents[0], { intentId: '1', awaitingApprover: manager, verdict: 'ALLOW' });
  t.notOk('measuredChanges' in intents[0]!, 'not measured, rather than measured as nothing');
  t.notOk('callTrace' in intents[0]!);
});

t.test('GET /agents/balances: the bound chain is a row of its own, with the org accounts and the address-book token', async (t) => {
  const { chains } = await get(t, '/agents/balances');
  t.equal(chains.length, 1);
  t.match(chains[0], { chainId: 31337, source: 'bound', read: true });
  t.same(
    chains[0].accounts.map((a: any) => a.address),
    [root, manager, w1, w2],
  );
  t.same(chains[0].accounts[2].tokens, [{ symbol: 'mUSD', address: asset.token, decimals: 6, balance: '0', read: true }]);
});

t.test('a chain that stops answering under a read is 503 chain_unavailable, never part of an answer', async (t) => {
  // A probe that stays fresh for the whole case: the read itself meets the dead RPC, not the probe.
  const rt = chainRuntime(loadConfig(env).chain, { probeFreshMs: 600_000 });
  const reads = await rt.reads();
  t.equal((await reads.org()).nodes.length, 4);
  await fx.chain.anvil.stop();
  const all: [string, () => Promise<unknown>][] = [
    ['org', () => reads.org()],
    ['intents', () => reads.intents()],
    ['policies', () => reads.policies({})],
    ['treasury', () => reads.treasury()],
    ['sessions', () => reads.sessions()],
    ['grants', () => reads.grants({})],
  ];
  for (const [name, read] of all) {
    await t.rejects(
      read(),
      { code: 'chain_unavailable', status: 503, message: /^the chain is unavailable: GET \/.* could not be read \(connection failed\)$/ },
      name,
    );
  }
  const res = await req(sys.url, 'GET', '/intents');
  t.equal(res.status, 503);
  t.equal(res.body.error, 'chain_unavailable');
});
