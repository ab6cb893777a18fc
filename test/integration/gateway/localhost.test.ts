/**
 * An open API is a remote shell: without SVC_ORCH_TOKEN the API is the operator's
 * for whoever reaches it, so it answers only what a person on this machine sends. These are
 * loopback callers (callers from another host: open-remote-netns.test.ts); a DNS-rebinding page
 * is a loopback caller whose browser sends the page's own Host and Origin, and is refused 403.
 * With a token, /mcp still refuses a browser Origin the CORS policy does not list.
 */
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { hostReq } from '../../helpers/http.js';

const EVIL = 'evil.example.com';
const INIT = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
});
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const STDIO_SHELL = JSON.stringify({ id: 'sh', transport: 'stdio', command: '/bin/sh', args: ['-c', 'exit 0'] });

t.test('without SVC_ORCH_TOKEN: only requests addressed to localhost, from localhost pages', async (t) => {
  const sys = await startSystem(t);
  const port = new URL(sys.url).port;
  const get = (path: string, headers: Record<string, string>) => hostReq(sys.url, 'GET', path, { headers });

  t.test('a localhost Host (any port, any spelling of localhost) is served', async (t) => {
    for (const host of [`localhost:${port}`, `127.0.0.1:${port}`, `[::1]:${port}`, 'LocalHost', '127.0.0.1', '[::1]:1']) {
      const r = await get('/usage', { host });
      t.equal(r.status, 200, host);
    }
    for (const origin of [`http://localhost:${port}`, 'http://localhost:5173', 'https://127.0.0.1', 'http://[::1]:3000']) {
      t.equal((await get('/usage', { host: 'localhost', origin })).status, 200, `Origin ${origin}`);
    }
  });

  t.test('a foreign Host is refused 403 host_not_allowed, naming SVC_ORCH_TOKEN', async (t) => {
    for (const host of [
      EVIL,
      `${EVIL}:${port}`,
      `localhost.${EVIL}`,
      '127.0.0.1.nip.io',
      '10.0.0.5',
      '127.0.0.2',
      '[::2]',
      'localhost@evil.example.com',
    ]) {
      const r = await get('/usage', { host });
      t.equal(r.status, 403, `Host ${JSON.stringify(host)}`);
      t.equal(r.body.error, 'host_not_allowed', host);
      t.match(r.body.message, /SVC_ORCH_TOKEN/, 'the message says what to set');
    }
  });

  t.test('no Host at all (HTTP/1.0) is not a localhost Host', async (t) => {
    const { connect } = await import('node:net');
    const raw = await new Promise<string>((resolve, reject) => {
      const sock = connect(Number(port), '127.0.0.1', () => sock.write('GET /usage HTTP/1.0\r\n\r\n'));
      let got = '';
      sock
        .on('data', (c) => {
          got += c.toString();
        })
        .on('end', () => resolve(got))
        .on('error', reject);
    });
    t.match(raw, /^HTTP\/1\.1 403 /);
    t.match(raw, /"error":"host_not_allowed"/);
  });

  t.test('a foreign Origin is refused 403 origin_not_allowed, whatever the Host', async (t) => {
    for (const origin of [
      `http://${EVIL}`,
      `http://${EVIL}:${port}`,
      'null',
      'http://localhost.evil.example.com',
      'file://',
      'not a url',
    ]) {
      const r = await get('/usage', { host: `localhost:${port}`, origin });
      t.equal(r.status, 403, `Origin ${origin}`);
      t.equal(r.body.error, 'origin_not_allowed', origin);
      t.match(r.body.message, /SVC_ORCH_TOKEN/);
    }
  });

  t.test('the finding: a rebinding page cannot attach a stdio server', async (t) => {
    const r = await hostReq(sys.url, 'POST', '/mcp/servers/attach', {
      headers: { host: `${EVIL}:${port}`, origin: `http://${EVIL}:${port}`, 'content-type': 'text/plain' },
      body: STDIO_SHELL,
    });
    t.equal(r.status, 403);
    t.equal(r.body.error, 'host_not_allowed');
    const listed = await get('/mcp/servers', { host: 'localhost' });
    t.same(listed.body.servers, [], 'nothing attached');
  });

  t.test('refused before anything else: preflights, unknown routes, bodies', async (t) => {
    const pre = await hostReq(sys.url, 'OPTIONS', '/usage', {
      headers: { host: EVIL, origin: `http://${EVIL}`, 'access-control-request-method': 'POST' },
    });
    t.equal(pre.status, 403, 'a preflight from a rebinding page');
    t.equal((await get('/nowhere', { host: EVIL })).status, 403, 'unknown routes too');
    const ping = await hostReq(sys.url, 'POST', '/ops/ping', {
      headers: { host: EVIL, 'content-type': 'application/json' },
      body: '{"note":"x"}',
    });
    t.same([ping.status, ping.body.error], [403, 'host_not_allowed']);
  });

  t.test("/mcp: the conformance suite's dns-rebinding-protection checks", async (t) => {
    const evil = await hostReq(sys.url, 'POST', '/mcp', { headers: { ...MCP_HEADERS, host: EVIL, origin: `http://${EVIL}` }, body: INIT });
    t.equal(evil.status, 403, 'a non-localhost Host and Origin: 4xx');
    const evilOrigin = await hostReq(sys.url, 'POST', '/mcp', {
      headers: { ...MCP_HEADERS, host: `127.0.0.1:${port}`, origin: `http://${EVIL}` },
      body: INIT,
    });
    t.equal(evilOrigin.status, 403, 'a localhost Host with a foreign Origin: 4xx');
    const local = await hostReq(sys.url, 'POST', '/mcp', {
      headers: { ...MCP_HEADERS, host: `127.0.0.1:${port}`, origin: `http://127.0.0.1:${port}` },
      body: INIT,
    });
    t.equal(local.status, 200, 'a localhost Host and Origin: 2xx');
    t.match(local.body, { jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'svc' } } });
  });

  t.test('open routes stay open: /health for probes, /hooks verified by signature', async (t) => {
    const health = await get('/health', { host: EVIL });
    t.equal(health.status, 200, "a probe sends the pod's address as Host");
    t.equal(health.body.auth.required, false);
    const hook = await hostReq(sys.url, 'POST', '/hooks/trg_none', {
      headers: { host: EVIL, 'content-type': 'application/json' },
      body: '{}',
    });
    t.same([hook.status, hook.body.error], [404, 'webhook_trigger_not_found'], 'the delivery reached its route');
  });

  t.test('the boot log says the API is open to localhost only', async (t) => {
    t.match(sys.logs.join(''), /SVC_ORCH_TOKEN is not set: the HTTP API serves only this machine/);
  });
});

t.test('with SVC_ORCH_TOKEN: /mcp refuses a browser Origin the CORS policy does not list', async (t) => {
  const TOKEN = 'operator-token-0123456789abcdef';
  const LISTED = 'https://ops.example.com';
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: TOKEN, SVC_ORCH_CORS_ORIGINS: LISTED } });
  const auth = { ...MCP_HEADERS, authorization: `Bearer ${TOKEN}` };
  const post = (headers: Record<string, string>) => hostReq(sys.url, 'POST', '/mcp', { headers: { ...auth, ...headers }, body: INIT });

  for (const origin of [`http://${EVIL}`, 'http://localhost:5173', 'null']) {
    const r = await post({ origin });
    t.same([r.status, r.body.error], [403, 'origin_not_allowed'], `unlisted Origin ${origin}`);
    t.match(r.body.message, /SVC_ORCH_CORS_ORIGINS/);
  }
  t.equal((await post({ origin: LISTED })).status, 200, 'a listed origin');
  t.equal((await post({})).status, 200, 'no Origin: not a browser');
  t.equal((await post({ host: 'svc.internal.example:8788' })).status, 200, 'with a token any Host is served (the token is the guard)');
  const anon = await hostReq(sys.url, 'POST', '/mcp', { headers: { ...MCP_HEADERS, origin: `http://${EVIL}` }, body: INIT });
  t.equal(anon.status, 401, 'no token: 401 first');
  t.equal(
    (await hostReq(sys.url, 'GET', '/usage', { headers: { authorization: `Bearer ${TOKEN}`, host: EVIL } })).status,
    200,
    'other routes: the token decides',
  );
  t.notMatch(sys.logs.join(''), /SVC_ORCH_TOKEN is not set/);
});
