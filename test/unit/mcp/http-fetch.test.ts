/**
 * The guarded fetch's cancellation against a loopback server: the transport's signal and the
 * call's bounds each cancel a request in flight, and a connection used for many calls does not
 * collect a listener per request on the transport's long-lived signal.
 */
import http from 'node:http';
import { getEventListeners } from 'node:events';
import type { AddressInfo } from 'node:net';
import t, { type Test } from 'tap';
import { guardedFetch } from '../../../actors/mcp-dispatch/http-fetch.js';
import { egressPolicy } from '../../../actors/mcp-dispatch/egress.js';
import { Bounds } from '../../../actors/mcp-dispatch/bounds.js';

const policy = egressPolicy({
  servers: [],
  refreshMinutes: 60,
  auditArgs: false,
  hosted: false,
  allowHosts: undefined,
  allowStdio: undefined,
  allowLoopback: false,
  allowEnv: undefined,
  maxConcurrency: 64,
});

async function server(t: Test): Promise<{ url: string; hung: () => number }> {
  let hung = 0;
  const srv = http.createServer((req, res) => {
    req.resume();
    if (req.url === '/hang') {
      hung++;
      return;
    }
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"jsonrpc":"2.0","id":1,"result":{}}');
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    srv.closeAllConnections();
    srv.close();
  });
  return { url: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, hung: () => hung };
}

t.test('a connection used for many calls leaves no listener behind on the transport signal', async (t) => {
  const { url } = await server(t);
  const transport = new AbortController();
  for (let i = 0; i < 30; i++) {
    const bounds = new Bounds('s', 5_000, 1 << 20);
    const fetch = guardedFetch(
      policy,
      async () => [],
      () => bounds,
    );
    const res = await fetch(`${url}/mcp`, { method: 'POST', body: '{}', signal: transport.signal });
    t.equal(res.status, 200);
    await res.json();
    bounds.done();
    await new Promise((r) => setImmediate(r));
    t.equal(getEventListeners(bounds.signal, 'abort').length, 0, `call ${i}: none left on its bounds`);
  }
  t.equal(getEventListeners(transport.signal, 'abort').length, 0, 'none left on the transport signal');
});

t.test('either signal cancels a request in flight', async (t) => {
  const { url, hung } = await server(t);
  const bounds = new Bounds('s', 150, 1 << 20);
  const started = Date.now();
  const err = await guardedFetch(
    policy,
    async () => [],
    () => bounds,
  )(`${url}/hang`, { method: 'POST', body: '{}', signal: new AbortController().signal }).then(
    () => undefined,
    (e: unknown) => e,
  );
  t.match(err, { code: 'mcp_call_timeout' }, 'the bounds trip: the call fails with its deadline');
  t.ok(Date.now() - started < 2_000);

  const transport = new AbortController();
  const again = new Bounds('s', 5_000, 1 << 20);
  const pending = guardedFetch(
    policy,
    async () => [],
    () => again,
  )(`${url}/hang`, { method: 'POST', body: '{}', signal: transport.signal }).then(
    () => undefined,
    (e: unknown) => e,
  );
  while (hung() < 2) await new Promise((r) => setTimeout(r, 5));
  transport.abort(new Error('transport closed'));
  t.match(await pending, { name: 'AbortError' }, 'the transport closing aborts it');
  again.done();

  const before = new AbortController();
  before.abort(new Error('already closed'));
  const third = new Bounds('s', 5_000, 1 << 20);
  await t.rejects(
    guardedFetch(
      policy,
      async () => [],
      () => third,
    )(`${url}/mcp`, { method: 'POST', body: '{}', signal: before.signal }),
    { message: 'already closed' },
    'an aborted signal sends nothing',
  );
  third.done();
  t.equal(hung(), 2);
});
