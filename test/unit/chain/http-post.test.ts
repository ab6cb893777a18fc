/**
 * The chain binding's HTTP client: what an RPC answers comes back parsed, one connection is kept
 * for the requests that follow, and each way a request fails is told in the words a step's failure
 * carries (an HTTP status, no answer in time, no connection), never with the URL.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import t from 'tap';
import type { Test } from 'tap';
import { httpPost } from '../../../chain/http-post.js';
import { chainFailure } from '../../../chain/onchain/failure.js';
import { rpcCause } from '../../../chain/rpc.js';

async function serve(t: Test, handle: (req: IncomingMessage, body: string, res: ServerResponse) => void) {
  let connections = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, Buffer.concat(chunks).toString('utf8'), res));
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc?x=1`, connections: () => connections };
}

t.test('the answer parsed, the body and headers sent, one connection kept for the next request', async (t) => {
  const seen: { path?: string; type?: string; auth?: string; body?: string }[] = [];
  const s = await serve(t, (req, body, res) => {
    seen.push({ path: req.url, type: req.headers['content-type'], auth: req.headers.authorization, body });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify([{ jsonrpc: '2.0', id: 1, result: '0x7a69' }]));
  });
  const post = httpPost(s.url, { timeoutMs: 2_000, headers: { authorization: 'Basic dTpw' } });
  const body = [{ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }];
  t.same(await post(body), [{ jsonrpc: '2.0', id: 1, result: '0x7a69' }]);
  t.same(await post(body), [{ jsonrpc: '2.0', id: 1, result: '0x7a69' }]);
  t.same(seen[0], { path: '/rpc?x=1', type: 'application/json', auth: 'Basic dTpw', body: JSON.stringify(body) });
  t.equal(s.connections(), 1, 'the second request reuses the first one connection');
});

t.test('an HTTP error status is told by its status, without the URL', async (t) => {
  const s = await serve(t, (_req, _body, res) => {
    res.writeHead(503);
    res.end('upstream down');
  });
  const err = await httpPost(s.url, { timeoutMs: 2_000 })({ jsonrpc: '2.0', id: 1, method: 'eth_chainId' }).catch((e: unknown) => e);
  t.equal(rpcCause(err, 2_000), 'HTTP 503');
  const failure = chainFailure(err, 'reading');
  t.equal(failure.code, 'chain_unavailable');
  t.notMatch(failure.message, /127\.0\.0\.1/);
});

t.test('an answer that is not JSON fails the request', async (t) => {
  const s = await serve(t, (_req, _body, res) => {
    res.writeHead(200);
    res.end('<html>');
  });
  const err = await httpPost(s.url, { timeoutMs: 2_000 })({ id: 1 }).catch((e: unknown) => e);
  t.equal(rpcCause(err, 2_000), 'HTTP 200');
});

t.test('no answer within the timeout is a timeout', async (t) => {
  const s = await serve(t, () => {});
  const started = Date.now();
  const err = await httpPost(s.url, { timeoutMs: 200 })({ id: 1 }).catch((e: unknown) => e);
  t.equal(rpcCause(err, 200), 'no answer within 200 ms');
  t.ok(Date.now() - started < 2_000, 'given up at the timeout, not later');
});

t.test('nothing listening is a failed connection', async (t) => {
  const s = await serve(t, () => {});
  const closed = s.url.replace(/:\d+\//, ':1/');
  const err = await httpPost(closed, { timeoutMs: 2_000 })({ id: 1 }).catch((e: unknown) => e);
  t.equal(rpcCause(err, 2_000), 'connection failed');
  t.equal(chainFailure(err, 'reading').code, 'chain_unavailable');
});

t.test('a kept-alive connection the server dropped is replaced, and the request answered', async (t) => {
  let requests = 0;
  const s = await serve(t, (req, _body, res) => {
    // The second request arrives on the first one's connection: the server drops it unanswered.
    if (++requests === 2) return req.socket.destroy();
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"id":1,"result":"0x1"}');
  });
  const post = httpPost(s.url, { timeoutMs: 2_000 });
  t.same(await post({ id: 1 }), { id: 1, result: '0x1' });
  t.same(await post({ id: 1 }), { id: 1, result: '0x1' });
  t.equal(requests, 3);
  t.equal(s.connections(), 2);
});
