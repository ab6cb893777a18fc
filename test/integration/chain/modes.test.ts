/**
 * Chain modes end to end through the gateway (docs/chain.md "Modes"):
 * mock mode serves empty lists on every chain read; a configured chain that does not answer, that
 * answers another chain id, or that has no code at the deployment is `unavailable` with the
 * reason and every read is 503 `chain_unavailable`; a real anvil with code at every address is
 * `chain`. Secrets (keys, RPC credentials) appear in no response and no log line.
 */
import t, { type Test } from 'tap';
import { createServer } from 'node:net';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { pollFor, until } from '../../helpers/poll.js';
import { startAnvil, type DevChain } from '../../../chain/dev/anvil.js';

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const DEPLOYMENT = {
  org: A(0x101),
  sessions: A(0x102),
  governance: A(0x103),
  assets: [{ symbol: 'mUSD', decimals: 6, token: A(0x104), router: A(0x105), treasury: A(0x106), streamer: A(0x107) }],
};
const KEY = '59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d';
const ISSUER = '5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a';
const PATH_KEY = 'Zq81KeyInThePathZq81KeyInThePath';

/** Every chain read route and its empty (mock) answer. */
const READS: [string, unknown][] = [
  ['/org', { root: null, nodes: [] }],
  ['/intents', { intents: [] }],
  ['/intents/history', { intents: [] }],
  ['/sessions/history', { sessions: [] }],
  ['/policies', { asset: null, policies: [] }],
  [`/policies?node=${A(9)}&asset=mUSD`, { asset: 'mUSD', policies: [] }],
  ['/assets', { assets: [] }],
  ['/governance/grants', { asset: null, grants: [] }],
  ['/governance/grants?asset=mUSD', { asset: 'mUSD', grants: [] }],
  ['/treasury/balances', { balances: [] }],
  ['/agents/balances', { chains: [] }],
  ['/sessions', { sessions: [] }],
];

async function closedPort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

function chainEnv(rpc: string, chainId = 31337): Record<string, string> {
  return {
    SVC_CHAIN_RPC: rpc,
    SVC_CHAIN_ID: String(chainId),
    SVC_CHAIN_DEPLOYMENT: JSON.stringify(DEPLOYMENT),
    SVC_ORCH_PRIVATE_KEY: KEY,
    SVC_ISSUER_PRIVATE_KEY: `0x${ISSUER}`,
    LOG_LEVEL: 'trace',
  };
}

async function anvil(t: Test, chainId?: number): Promise<DevChain> {
  const a = await startAnvil(chainId === undefined ? {} : { chainId });
  t.teardown(() => a.stop());
  return a;
}

/** A secret-bearing RPC URL that still reaches the loopback RPC at `base` (anvil answers on `/` only: no path key then). */
const withCredentials = (base: string, path = `/v3/${PATH_KEY}`) =>
  `${base.replace('http://', 'http://svcuser:pa55word@')}${path}?apikey=qs3cret`;

function noSecrets(t: Test, texts: string[], where: string): void {
  const all = texts.join('\n');
  for (const s of [KEY, ISSUER, KEY.slice(0, 24), ISSUER.slice(0, 24), 'pa55word', PATH_KEY, 'qs3cret'])
    t.notOk(all.includes(s), `${where}: no ${s.slice(0, 6)}…`);
}

t.test('mock mode: /health says mock and every chain read is an empty list', async (t) => {
  const sys = await startSystem(t);
  const health = await req(sys.url, 'GET', '/health');
  t.equal(health.status, 200);
  t.equal(health.body.mode, 'mock');
  t.same(health.body.chain, {});
  for (const [path, empty] of READS) {
    const res = await req(sys.url, 'GET', path);
    t.equal(res.status, 200, `${path} 200`);
    t.same(res.body, empty, `${path} is empty, not a fixture`);
  }
  const bad = await req(sys.url, 'GET', '/policies?node=nope');
  t.equal(bad.status, 400);
  t.equal(bad.body.error, 'invalid_request', 'a node that is not an address is refused');
  const extra = await req(sys.url, 'GET', '/org?as=x');
  t.same(extra.body, { error: 'invalid_request', message: 'querystring has an unknown parameter "as"' });
});

t.test('unavailable: a closed loopback RPC makes /health unavailable with the reason and every read 503', async (t) => {
  const port = await closedPort();
  const sys = await startSystem(t, { env: chainEnv(withCredentials(`http://127.0.0.1:${port}`)) });
  const texts: string[] = [];
  const health = await req(sys.url, 'GET', '/health');
  texts.push(health.text);
  t.equal(health.status, 200, 'a chain outage does not take the process out of a load balancer');
  t.equal(health.body.status, 'ok');
  t.equal(health.body.mode, 'unavailable');
  // A refused connection is named as such; on a loaded machine the probe's deadline can pass
  // before the refusal is handled, and then it says so. Either way the URL is masked.
  t.match(
    health.body.chain.reason,
    /^rpc_unreachable: http:\/\/\*\*\*@127\.0\.0\.1:\d+\/v3\/\*\*\*\?apikey=\*\*\* did not answer \((connection failed|no answer within \d+ ms)\)$/,
  );
  t.equal(health.body.chain.rpc, `http://***@127.0.0.1:${port}/v3/***?apikey=***`);
  for (const [path] of READS) {
    const res = await req(sys.url, 'GET', path);
    texts.push(res.text);
    t.equal(res.status, 503, `${path} 503`);
    t.equal(res.body.error, 'chain_unavailable', `${path} chain_unavailable`);
    t.match(res.body.message, /^the chain is unavailable: rpc_unreachable: /, `${path} says why`);
    t.same(Object.keys(res.body).sort(), ['error', 'message']);
  }
  noSecrets(t, texts, 'responses');
  noSecrets(t, sys.logs, 'log lines');
  t.ok(sys.logs.length > 5, `${sys.logs.length} log lines were captured (trace level) and checked`);
});

t.test('unavailable: an RPC answering another chain id, then one with no code at the deployment', async (t) => {
  const other = await anvil(t, 1337);
  const sys = await startSystem(t, { env: chainEnv(other.url) });
  const health = await req(sys.url, 'GET', '/health');
  t.equal(health.body.mode, 'unavailable');
  t.equal(health.body.chain.reason, 'chain_id_mismatch: the RPC answers chain 1337, SVC_CHAIN_ID is 31337');
  t.equal((await req(sys.url, 'GET', '/org')).body.error, 'chain_unavailable');

  const empty = await anvil(t);
  const sys2 = await startSystem(t, { env: chainEnv(empty.url) });
  // A just-started anvil on a loaded machine may miss the first probe's 1.5 s: what is asserted is
  // what a chain that answers, but holds no code at the deployment, reports.
  const h2 = await pollFor(
    'a probe that reaches the empty chain',
    async () => {
      const h = await req(sys2.url, 'GET', '/health');
      return String(h.body.chain?.reason).startsWith('rpc_unreachable') ? undefined : h;
    },
    { timeoutMs: 20_000, everyMs: 500 },
  );
  t.equal(h2.body.mode, 'unavailable');
  t.match(
    h2.body.chain.reason,
    /^deployment_code_missing: no contract code at org 0x0+101, sessions 0x0+102, governance 0x0+103 and 4 more$/,
  );
  const org = await req(sys2.url, 'GET', '/org');
  t.equal(org.status, 503);
  t.match(org.body.message, /deployment_code_missing/, 'never an empty org');
});

t.test(
  'chain: code at every deployment address; the address book is served, a contract that does not answer as ours is 503; a stopped anvil turns it unavailable',
  async (t) => {
    const chain = await anvil(t);
    const addresses = [
      DEPLOYMENT.org,
      DEPLOYMENT.sessions,
      DEPLOYMENT.governance,
      ...Object.values(DEPLOYMENT.assets[0]!).filter((v) => typeof v === 'string' && v.startsWith('0x')),
    ];
    // Bytecode of our own (STOP) stands in for the contracts until they land: the mode probe only asks that code is there.
    for (const address of addresses)
      await fetch(chain.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setCode', params: [address, '0x00'] }),
      });
    // Basic auth in the URL travels as a header (fetch refuses credentials in a URL); anvil ignores it.
    const sys = await startSystem(t, { env: chainEnv(withCredentials(chain.url, '/')) });
    const health = await req(sys.url, 'GET', '/health');
    t.equal(health.body.mode, 'chain');
    t.same(health.body.chain, { chainId: 31337, rpc: `http://***@127.0.0.1:${chain.port}/?apikey=***` });
    const assets = await req(sys.url, 'GET', '/assets');
    t.equal(assets.status, 200);
    t.same(assets.body, { assets: [{ ...DEPLOYMENT.assets[0], primary: true }] });
    const org = await req(sys.url, 'GET', '/org');
    t.equal(org.status, 503);
    t.same(
      org.body,
      { error: 'chain_unavailable', message: 'the chain is unavailable: GET /org could not be read (the RPC answered with an error)' },
      'STOP code is no OrgRegistry: never an empty org',
    );

    await chain.stop();
    await until('/health to see the stopped chain', async () => (await req(sys.url, 'GET', '/health')).body.mode === 'unavailable', {
      timeoutMs: 10_000,
      everyMs: 200,
    });
    const after = await req(sys.url, 'GET', '/health');
    t.match(after.body.chain.reason, /^rpc_unreachable: /);
    for (const [path] of READS) t.equal((await req(sys.url, 'GET', path)).status, 503, `${path} 503 after the chain stopped`);
    noSecrets(t, sys.logs, 'log lines');
  },
);

t.test('SVC_CHAIN=dev: serve starts anvil, deploys, turns `chain`, and stops anvil when it closes', async (t) => {
  const sys = await startSystem(t, { env: { SVC_CHAIN: 'dev' } });
  const first = await req(sys.url, 'GET', '/health');
  t.ok(['unavailable', 'chain'].includes(first.body.mode), `while deploying: ${first.body.mode} ${first.body.chain.reason ?? ''}`);
  await until('the dev deploy', async () => (await req(sys.url, 'GET', '/health')).body.mode === 'chain', {
    timeoutMs: 60_000,
    everyMs: 250,
  });
  const health = await req(sys.url, 'GET', '/health');
  t.equal(health.body.chain.chainId, 31337);
  t.match(health.body.chain.rpc, /^http:\/\/127\.0\.0\.1:\d+\/$/, 'on loopback');
  const assets = await req(sys.url, 'GET', '/assets');
  t.equal(assets.status, 200);
  t.match(assets.body.assets, [{ symbol: 'mUSD', decimals: 6, primary: true }]);
  t.equal(assets.body.assets.length, 1);
  const org = await req(sys.url, 'GET', '/org');
  t.equal(org.status, 200);
  t.same(
    org.body.nodes.map((n: { kind: string }) => n.kind),
    ['HumanRoot', 'ManagerAgent', 'WorkerAgent', 'WorkerAgent'],
    'the demo org, read off the dev chain',
  );
  await sys.close();
  const gone = await fetch(health.body.chain.rpc, { method: 'POST', body: '{}' }).then(
    () => false,
    () => true,
  );
  t.ok(gone, 'anvil stopped with the process');
});
