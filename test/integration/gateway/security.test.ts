import t from 'tap';
import { startSystem } from '../../helpers/system.js';

const TOKEN = 'operator-token-0123456789abcdef';
const ORIGIN = 'https://ops.example.com';

async function call(url: string, path: string, init: RequestInit & { headers?: Record<string, string> } = {}) {
  const res = await fetch(url + path, init);
  const text = await res.text();
  let body: any;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  return { status: res.status, headers: res.headers, body };
}

t.test('with SVC_ORCH_TOKEN set', async (t) => {
  const SEAT_TOKEN = 'alice-seat-token-0123456789';
  const sys = await startSystem(t, {
    env: {
      SVC_ORCH_TOKEN: TOKEN,
      SVC_ORCH_CORS_ORIGINS: `${ORIGIN},http://localhost:5173`,
      SVC_BODY_LIMIT_BYTES: '4096',
      SVC_IDENTITIES: JSON.stringify([{ token: SEAT_TOKEN, seat: 'alice', kind: 'human' }]),
    },
  });
  const auth = { authorization: `Bearer ${TOKEN}` };

  t.test('GET /health is open', async (t) => {
    const res = await call(sys.url, '/health');
    t.equal(res.status, 200);
    t.equal(res.body.auth.required, true);
  });

  t.test('401 unauthorized without, or with a wrong, token', async (t) => {
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer wrong-token-0123456789' },
      { authorization: TOKEN },
      { authorization: `Basic ${TOKEN}` },
      { authorization: `Bearer ${TOKEN}x` },
    ]) {
      const res = await call(sys.url, '/usage', { headers });
      t.equal(res.status, 401, JSON.stringify(headers));
      t.same(res.body, { error: 'unauthorized', message: 'missing or wrong bearer token' });
    }
    const post = await call(sys.url, '/ops/ping', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    t.equal(post.status, 401);
    const unknown = await call(sys.url, '/nowhere');
    t.equal(unknown.status, 401, 'unknown routes are behind the token too');
  });

  t.test('200 with the right token', async (t) => {
    const res = await call(sys.url, '/usage', { headers: auth });
    t.equal(res.status, 200);
    t.type(res.body.counts, 'object');
    const seat = await call(sys.url, '/usage', { headers: { authorization: `Bearer ${SEAT_TOKEN}` } });
    t.equal(seat.status, 200, 'a seat token from SVC_IDENTITIES authenticates too');
  });

  t.test('POST /hooks/:triggerId needs no token and takes any content type', async (t) => {
    const res = await call(sys.url, '/hooks/abc', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'hello' });
    t.equal(res.status, 404);
    t.equal(res.body.error, 'webhook_trigger_not_found');
  });

  t.test('unknown route: 404 JSON', async (t) => {
    const res = await call(sys.url, '/nowhere', { headers: auth });
    t.equal(res.status, 404);
    t.same(res.body, { error: 'not_found', message: 'no route GET /nowhere' });
  });

  t.test('415 content_type_must_be_json for a body that is not JSON', async (t) => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', undefined]) {
        const headers: Record<string, string> = { ...auth };
        if (type) headers['content-type'] = type;
        const res = await call(sys.url, '/ops/ping', { method, headers, body: 'a=1' });
        t.equal(res.status, 415, `${method} ${type}`);
        t.same(res.body, {
          error: 'content_type_must_be_json',
          message: 'a request body must be sent with content-type: application/json',
        });
      }
    }
    const ok = await call(sys.url, '/ops/ping', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json; charset=utf-8' },
      body: '{"note":"x"}',
    });
    t.equal(ok.status, 200, 'application/json with a charset parameter is JSON');
    t.equal(ok.body.note, 'x');
    const empty = await call(sys.url, '/ops/ping', { method: 'POST', headers: auth });
    t.equal(empty.status, 400, 'a POST without a body is not a content-type fault');
    t.same(empty.body, { error: 'invalid_request', message: 'body must be object' });
  });

  t.test('malformed JSON: 400 invalid_json', async (t) => {
    const res = await call(sys.url, '/ops/ping', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"note": ',
    });
    t.equal(res.status, 400);
    t.same(res.body, { error: 'invalid_json', message: 'the request body is not valid JSON' });
  });

  t.test('prototype poisoning in a JSON body: 400 invalid_json', async (t) => {
    for (const body of [
      '{"__proto__": {"admin": true}}',
      '{"constructor": {"prototype": {"admin": true}}}',
      '{"note": "x", "nested": {"__proto__": {"a": 1}}}',
    ]) {
      const res = await call(sys.url, '/ops/ping', { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body });
      t.equal(res.status, 400, body);
      t.same(res.body, { error: 'invalid_json', message: 'the request body is not valid JSON' }, body);
    }
  });

  t.test('faults before routing still wear the catalogue shape', async (t) => {
    const badUrl = await call(sys.url, '/%E0%A4%A', { headers: auth });
    t.equal(badUrl.status, 400);
    t.same(badUrl.body, { error: 'invalid_request', message: 'the URL is not valid (a malformed percent-encoding)' });
    // Node's HTTP parser refuses this before Fastify sees it; write it on a raw socket.
    const { connect } = await import('node:net');
    const u = new URL(sys.url);
    const raw = await new Promise<string>((resolve, reject) => {
      const sock = connect(Number(u.port), u.hostname, () =>
        sock.write(
          `POST /ops/ping HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: abc\r\n\r\n{}`,
        ),
      );
      let got = '';
      sock
        .on('data', (c) => {
          got += c.toString();
        })
        .on('end', () => resolve(got))
        .on('error', reject);
    });
    t.match(raw, /^HTTP\/1\.1 400 /);
    t.match(raw, /content-type: application\/json/i);
    t.same(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)), {
      error: 'invalid_request',
      message: 'the HTTP request could not be parsed',
    });
  });

  t.test('OPTIONS that is not a CORS preflight needs the token', async (t) => {
    for (const headers of [{} as Record<string, string>, { origin: ORIGIN }, { 'access-control-request-method': 'GET' }]) {
      const res = await call(sys.url, '/usage', { method: 'OPTIONS', headers });
      t.equal(res.status, 401, JSON.stringify(headers));
      t.same(res.body, { error: 'unauthorized', message: 'missing or wrong bearer token' });
    }
  });

  t.test('schema violation: 400 invalid_request', async (t) => {
    const res = await call(sys.url, '/ops/ping', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: '{"note": 5, "extra": true}',
    });
    t.equal(res.status, 400);
    t.equal(res.body.error, 'invalid_request');
    t.type(res.body.message, 'string');
  });

  t.test('body over the cap: 413 body_too_large', async (t) => {
    const res = await call(sys.url, '/ops/ping', {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ note: 'x'.repeat(8000) }),
    });
    t.equal(res.status, 413);
    t.same(res.body, { error: 'body_too_large', message: 'the request body is larger than the gateway accepts' });
  });

  t.test('CORS: listed origins only, never a wildcard', async (t) => {
    const listed = await call(sys.url, '/health', { headers: { origin: ORIGIN } });
    t.equal(listed.headers.get('access-control-allow-origin'), ORIGIN);
    const unlisted = await call(sys.url, '/health', { headers: { origin: 'https://evil.example.com' } });
    t.equal(unlisted.headers.get('access-control-allow-origin'), null);

    const preflight = await call(sys.url, '/usage', {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });
    t.equal(preflight.status, 204, 'a preflight carries no token and is not refused for it');
    t.equal(preflight.headers.get('access-control-allow-origin'), ORIGIN);
    t.match(preflight.headers.get('access-control-allow-headers') ?? '', /authorization/);

    const badPreflight = await call(sys.url, '/usage', {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example.com', 'access-control-request-method': 'POST' },
    });
    t.equal(badPreflight.headers.get('access-control-allow-origin'), null);
    t.equal(badPreflight.headers.get('access-control-allow-methods'), null);
    t.equal(badPreflight.headers.get('access-control-allow-headers'), null);
  });

  t.test('request ids: echoed when sane, replaced when not', async (t) => {
    const given = await call(sys.url, '/health', { headers: { 'x-request-id': 'abc-123' } });
    t.equal(given.headers.get('x-request-id'), 'abc-123');
    const odd = await call(sys.url, '/health', { headers: { 'x-request-id': 'no spaces allowed\there' } });
    t.not(odd.headers.get('x-request-id'), 'no spaces allowed\there');
    t.match(odd.headers.get('x-request-id') ?? '', /^[0-9a-f-]{36}$/);
    for (const [path, status] of [
      ['/usage', 401],
      ['/%E0%A4%A', 400],
    ] as const) {
      const refused = await call(sys.url, path, { headers: { 'x-request-id': 'refused-1' } });
      t.equal(refused.status, status, path);
      t.equal(refused.headers.get('x-request-id'), 'refused-1', `a refusal (${status}) carries the request id too`);
    }
  });

  t.test('GET /openapi.json is generated from the schemas', async (t) => {
    const res = await call(sys.url, '/openapi.json', { headers: auth });
    t.equal(res.status, 200);
    t.equal(res.body.openapi, '3.1.0');
    t.ok(res.body.paths['/health'].get);
    t.ok(res.body.paths['/usage'].get.parameters.some((p: any) => p.name === 'since'));
    t.ok(res.body.paths['/ops/ping'].post.requestBody);
  });

  t.test('GET /asyncapi.json is the bus document, behind the token like /openapi.json', async (t) => {
    t.equal((await call(sys.url, '/asyncapi.json')).status, 401, 'no token, no document');
    const res = await call(sys.url, '/asyncapi.json', { headers: auth });
    t.equal(res.status, 200);
    t.equal(res.body.asyncapi, '3.0.0');
    const prefix = sys.bus.names.prefix;
    t.equal(res.body.channels['cmd.run.start'].address, `${prefix}.cmd.run.start`, 'named under the bus prefix of the process');
    t.equal(res.body.channels['evt.FlowRun'].address, `${prefix}.evt.FlowRun`);
  });

  t.test('the token never reaches a log line', async (t) => {
    await call(sys.url, '/usage', { headers: auth });
    await call(sys.url, '/usage', { headers: { authorization: 'Bearer wrong-token-0123456789' } });
    const all = sys.logs.join('');
    t.ok(all.length > 0, 'requests were logged');
    t.notMatch(all, TOKEN);
    t.notMatch(all, 'wrong-token-0123456789');
    t.notMatch(all, SEAT_TOKEN);
  });
});

t.test('without SVC_ORCH_TOKEN the API is open and the process says so at boot', async (t) => {
  const sys = await startSystem(t);
  const res = await call(sys.url, '/usage');
  t.equal(res.status, 200);
  const health = await call(sys.url, '/health');
  t.equal(health.body.auth.required, false);
  t.match(sys.logs.join(''), /SVC_ORCH_TOKEN is not set/);
  const cors = await call(sys.url, '/health', { headers: { origin: 'http://localhost:5173' } });
  t.equal(cors.headers.get('access-control-allow-origin'), null, 'no CORS origin is listed, so none is allowed');
});
