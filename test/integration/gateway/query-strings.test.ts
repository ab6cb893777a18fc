/**
 * Every route declares its query string: a parameter it does not know is a 400, never silently
 * ignored. The walk reads the live route table (Fastify's printRoutes), so a route added later is
 * covered without touching this test.
 */
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { startSystem } from '../../helpers/system.js';
import { startHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { callAudit } from '../../helpers/mcp-audit.js';

/** Every (method, path) in the route table, rebuilt from printRoutes' tree. */
function routeTable(app: FastifyInstance): { method: string; path: string }[] {
  const out: { method: string; path: string }[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (\S+)(?: \(([A-Z, ]+)\))?$/.exec(line.replace(/\s+$/, ''));
    if (!m) continue;
    const depth = m[1]!.length;
    while (stack.length && stack[stack.length - 1]!.depth >= depth) stack.pop();
    const path = (stack[stack.length - 1]?.path ?? '') + m[2]!;
    stack.push({ depth, path });
    for (const method of (m[3] ?? '').split(',').map((x) => x.trim()))
      if (method) out.push({ method, path: path.startsWith('/') ? path : `/${path}` });
  }
  return out;
}

t.test('an unknown query parameter answers 400 invalid_request on every route', async (t) => {
  const sys = await startSystem(t, {});
  const routes = routeTable(sys.app!);
  t.ok(routes.length >= 40, `the walk found the routes (${routes.length})`);
  for (const must of [
    'GET /health',
    'POST /mcp/call',
    'POST /hooks/:triggerId',
    'GET /openapi.json',
    'GET /asyncapi.json',
    'GET /events/stream',
    'POST /mcp',
  ])
    t.ok(
      routes.some((r) => `${r.method} ${r.path}` === must),
      `${must} is walked`,
    );
  for (const { method, path } of routes) {
    // A CORS preflight carries the query of the request it asks about; it is answered, not validated.
    if (method === 'OPTIONS') continue;
    const url = `${path.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x')}?bogus=1`;
    const res = await fetch(sys.url + url, {
      method,
      // a stream route that ignored the parameter would answer 200 and never end
      signal: AbortSignal.timeout(10_000),
      headers: method === 'GET' || method === 'HEAD' ? {} : { 'content-type': 'application/json' },
      ...(method === 'GET' || method === 'HEAD' ? {} : { body: '{}' }),
    });
    t.equal(res.status, 400, `${method} ${url}`);
    if (method === 'HEAD') continue;
    const body = (await res.json()) as { error: string; message: string };
    t.equal(body.error, 'invalid_request', `${method} ${url}`);
    // Fastify validates the path parameters and the body before the query string, and a missing required parameter comes first too.
    t.match(
      body.message,
      /"bogus"|^body|^params|required property/,
      'the message names the parameter (or what is checked first: a path parameter, the body, a required parameter)',
    );
  }
});

t.test('POST /mcp/call takes `as` in the query as well as the body', async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, {});
  const call = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b);
  t.equal((await call('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url })).status, 200);
  await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' });
  await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: false, scope: { level: 'agent', ref: 'bob' } });

  const asOperator = await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} });
  t.equal(asOperator.status, 200, 'the operator may call echo');
  const before = fake.calls().length;
  const asBob = await call('POST', '/mcp/call?as=bob', { name: 'mcp__gh__echo', arguments: {} });
  t.equal(asBob.status, 403, 'the call ran as bob, whose rule refuses echo');
  t.equal(asBob.body.error, 'tool_not_allowlisted:gh.echo');
  t.match(await callAudit(sys.store, asBob), { seat: 'bob', outcome: 'refused', wentOut: false });
  t.equal(fake.calls().length, before, 'nothing reached the server');
  const inBody = await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {}, as: 'bob' });
  t.equal(inBody.status, 403, 'the body form still works');
  const same = await call('POST', '/mcp/call?as=bob', { name: 'mcp__gh__echo', arguments: {}, as: 'bob' });
  t.equal(same.status, 403, 'both forms naming the same seat agree');
  const clash = await call('POST', '/mcp/call?as=bob', { name: 'mcp__gh__echo', arguments: {}, as: 'alice' });
  t.equal(clash.status, 400, 'two different seats are refused rather than one picked');
  t.equal(clash.body.error, 'invalid_request');
});
