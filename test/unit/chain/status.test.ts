/**
 * The mode probe (chain/status.ts) against JSON-RPC servers of our own on loopback: a flood of
 * callers costs the RPC one batched request per freshness window, and an RPC that never answers
 * costs a caller at most the timeout, with a reason that says so.
 */
import t, { type Test } from 'tap';
import http from 'node:http';
import { chainStatus } from '../../../chain/status.js';

const A = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const DEPLOYMENT = {
  org: A(1),
  sessions: A(2),
  governance: A(3),
  assets: [{ symbol: 'mUSD', decimals: 6, token: A(4), router: A(5), treasury: A(6), streamer: A(7) }],
};

/** Answers eth_chainId 31337 and code for every address; counts HTTP requests; `hang` never answers. */
async function rpcServer(t: Test, opts: { hang?: boolean } = {}) {
  let requests = 0;
  const server = http.createServer((req, res) => {
    requests++;
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (opts.hang) return;
      const calls = JSON.parse(body) as { id: number; method: string }[] | { id: number; method: string };
      const answer = (c: { id: number; method: string }) => ({
        jsonrpc: '2.0',
        id: c.id,
        result: c.method === 'eth_chainId' ? '0x7a69' : '0x6000',
      });
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(Array.isArray(calls) ? calls.map(answer) : answer(calls)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}`, requests: () => requests };
}

t.test('a flood of callers shares one batched probe per freshness window', async (t) => {
  const rpc = await rpcServer(t);
  let now = 1_000;
  const status = chainStatus({
    target: () => ({ rpcUrl: rpc.url, chainId: 31337, deployment: DEPLOYMENT }),
    freshMs: 2000,
    now: () => now,
  });
  const states = await Promise.all(Array.from({ length: 50 }, () => status.current()));
  t.ok(
    states.every((s) => s.mode === 'chain'),
    'every caller sees chain',
  );
  t.equal(rpc.requests(), 1, 'fifty callers, one HTTP request (chain id and eight getCode batched)');
  now += 1999;
  await status.current();
  t.equal(rpc.requests(), 1, 'still fresh');
  now += 1;
  await status.current();
  t.equal(rpc.requests(), 2, 'probed again once stale');
});

t.test('an RPC that never answers costs a caller the timeout, and says so', async (t) => {
  const rpc = await rpcServer(t, { hang: true });
  const status = chainStatus({ target: () => ({ rpcUrl: rpc.url, chainId: 31337, deployment: DEPLOYMENT }), timeoutMs: 300 });
  const started = Date.now();
  const state = await status.current();
  const took = Date.now() - started;
  t.same(state, {
    mode: 'unavailable',
    rpc: `${rpc.url}/`,
    reason: `rpc_unreachable: ${rpc.url}/ did not answer (no answer within 300 ms)`,
  });
  t.ok(took < 1500, `answered in ${took} ms`);
});

t.test('no target: mock, with nothing probed', async (t) => {
  t.same(await chainStatus({ target: undefined }).current(), { mode: 'mock' });
});
