/**
 * Owner scopes and credentials: runtime servers and sealed secrets belong to the workspace of
 * the token that wrote them; bearer and secret credentials reach the server exactly; a missing
 * one sends nothing; values never appear in a response body or a log line.
 */
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { startHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { McpSecret } from '../../../store/entities/McpSecret.js';

const OP = 'operator-token-0123456789';
const A = 'workspace-a-token-0123456789';
const B = 'workspace-b-token-0123456789';
const KEY = 'a'.repeat(64);
const IDS = JSON.stringify([
  { token: A, seat: 'alice', kind: 'human', workspace: 'ws-a' },
  { token: B, seat: 'bob', kind: 'human', workspace: 'ws-b' },
]);

t.test('a server owned by one workspace is invisible to another', async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: IDS } });
  const as = (tok: string) => (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, tok);
  const a = as(A);
  const b = as(B);
  const op = as(OP);
  t.equal((await a('POST', '/mcp/servers/attach', { id: 'priv', transport: 'http', url: fake.url })).status, 200);
  await a('PUT', '/mcp/servers/tools', { server: 'priv', tool: 'echo', enabled: true, effect: 'read' });
  t.match((await a('GET', '/mcp/servers')).body.servers, [{ id: 'priv', owned: true }]);
  t.equal((await a('POST', '/mcp/call', { name: 'mcp__priv__echo', arguments: {} })).status, 200);
  for (const who of [b, op]) {
    t.same((await who('GET', '/mcp/servers')).body.servers, [], 'not listed');
    t.same((await who('POST', '/mcp/servers/refresh')).body.results, [], 'not refreshed');
    const c = await who('POST', '/mcp/call', { name: 'mcp__priv__echo', arguments: {} });
    t.equal(c.status, 404);
    t.equal(c.body.error, 'unknown_external_mcp_tool:priv.echo');
    const d = await who('POST', '/mcp/servers/detach', { id: 'priv' });
    t.equal(d.body.error, 'unknown_external_mcp_tool:priv');
    t.equal((await who('POST', '/mcp/servers/ping', { id: 'priv' })).status, 404);
  }
  t.same(
    (await b('GET', '/mcp/tools')).body.tools.filter((x: any) => x.kind === 'external'),
    [],
  );
  // workspace b may use the same id without touching a's server
  t.equal((await b('POST', '/mcp/servers/attach', { id: 'priv', transport: 'http', url: fake.url })).status, 200);
  t.match(
    (await b('GET', '/mcp/servers')).body.servers[0].tools.find((x: any) => x.name === 'echo'),
    { state: 'blocked' },
    "a's rule does not reach b's server",
  );
  t.equal((await a('POST', '/mcp/servers/detach', { id: 'priv' })).status, 200);
  t.equal((await b('GET', '/mcp/servers')).body.servers.length, 1, "b's server stays");
});

t.test('sealed secrets', async (t) => {
  t.test('503 without a sealing key, and nothing is stored', async (t) => {
    const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP } });
    const r = await req(sys.url, 'PUT', '/mcp/secrets/gh-token', { value: 'ghp_supersecret_1234' }, OP);
    t.equal(r.status, 503);
    t.same(r.body, { error: 'sealing_key_unavailable', message: 'no sealing key (SVC_SESSION_KEY) is configured' });
    t.equal(await sys.store.em().count(McpSecret, {}), 0);
  });

  t.test('stored sealed, listed as ref + last four, per scope, used as the credential, never returned', async (t) => {
    const secretA = 'ghp_workspaceA_value_7777';
    const secretOp = 'ghp_operator_value_9999';
    const fakeA = await startHttpMcp(t, undefined, { requireAuth: `Bearer ${secretA}` });
    const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: IDS, SVC_SESSION_KEY: KEY } });
    const a = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, A);
    const b = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, B);
    const op = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, OP);
    const bodies: string[] = [];
    const keep = async (r: Promise<{ status: number; body: any; text: string }>) => {
      const x = await r;
      bodies.push(x.text);
      return x;
    };
    t.same((await keep(a('PUT', '/mcp/secrets/gh', { value: secretA }))).body, { ref: 'gh', last4: '7777', replaced: false });
    await keep(op('PUT', '/mcp/secrets/gh', { value: secretOp }));
    t.same(
      (await keep(a('GET', '/mcp/secrets'))).body.secrets.map((s: any) => [s.ref, s.last4]),
      [['gh', '7777']],
    );
    t.same(
      (await keep(op('GET', '/mcp/secrets'))).body.secrets.map((s: any) => [s.ref, s.last4]),
      [['gh', '9999']],
    );
    t.same((await keep(b('GET', '/mcp/secrets'))).body.secrets, []);
    const rows = await sys.store.em().find(McpSecret, {});
    t.notOk(
      rows.some((r) => r.sealed.includes(secretA) || r.sealed.includes(secretOp)),
      'sealed at rest',
    );

    // a's server resolves a's secret (the server saw exactly that Authorization)
    const at = await keep(
      a('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fakeA.url, auth: { kind: 'secret', secretRef: 'gh' } }),
    );
    t.equal(at.body.discovery.ok, true);
    t.ok(fakeA.seen.length > 0 && fakeA.seen.every((s) => s.authorization === `Bearer ${secretA}`));
    // b has no secret named gh: the call fails before anything is sent
    const fakeB = await startHttpMcp(t);
    const bt = await keep(
      b('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fakeB.url, auth: { kind: 'secret', secretRef: 'gh' } }),
    );
    t.match(bt.body.discovery, { ok: false, error: 'mcp_missing_credential:gh' });
    t.equal(fakeB.seen.length, 0, 'no unauthenticated request was sent');
    await keep(b('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' }));

    const cleared = await keep(a('DELETE', '/mcp/secrets/gh'));
    t.same(cleared.body, { ref: 'gh', cleared: true });
    await keep(a('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' }));
    const c = await keep(a('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} }));
    t.equal(c.status, 424);
    t.equal(c.body.error, 'mcp_missing_credential:gh');

    const all = [...bodies, ...sys.logs].join('\n');
    t.notOk(all.includes(secretA) || all.includes(secretOp), 'no value in any response body or log line');
    const audited = await sys.store.em().getConnection().execute(`select data from audit_event where type = 'ExternalMcpSecretChanged'`);
    t.equal(audited.length, 3);
    t.notOk(JSON.stringify(audited).includes(secretA));
  });
});

t.test('bearer from the environment: read at call time; missing sends nothing', async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, MCP_BEARER: 'env-bearer-value-1' } });
  const op = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, OP);
  await op('POST', '/mcp/servers/attach', { id: 'e', transport: 'http', url: fake.url, auth: { kind: 'bearer', tokenEnv: 'MCP_BEARER' } });
  t.ok(fake.seen.length > 0 && fake.seen.every((s) => s.authorization === 'Bearer env-bearer-value-1'));
  const fake2 = await startHttpMcp(t);
  const r = await op('POST', '/mcp/servers/attach', {
    id: 'm',
    transport: 'http',
    url: fake2.url,
    auth: { kind: 'bearer', tokenEnv: 'MCP_NOT_SET' },
  });
  t.match(r.body.discovery, { ok: false, error: 'mcp_missing_credential:m' });
  t.equal(fake2.seen.length, 0);
  t.notOk(sys.logs.join('\n').includes('env-bearer-value-1'));
});

t.test("a runtime attach never reaches the orchestrator's own secrets", async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: IDS, SVC_SESSION_KEY: KEY, GH_TOKEN: 'gh-env-value-1' } });
  const a = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, A);
  const op = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, OP);
  const bodies: string[] = [];
  for (const [who, tokenEnv] of [
    [a, 'SVC_ORCH_TOKEN'],
    [op, 'SVC_ORCH_TOKEN'],
    [a, 'SVC_SESSION_KEY'],
    [op, 'DATABASE_URL'],
  ] as const) {
    const r = await who('POST', '/mcp/servers/attach', { id: 'x', transport: 'http', url: fake.url, auth: { kind: 'bearer', tokenEnv } });
    bodies.push(r.text);
    t.equal(r.status, 403, tokenEnv);
    t.equal(r.body.error, 'mcp_egress_refused:env_reserved');
  }
  for (const who of [a, op]) {
    const r = await who('POST', '/mcp/servers/attach', {
      id: 'kid',
      transport: 'stdio',
      command: process.execPath,
      args: ['-e', '0'],
      env: ['SVC_SESSION_KEY'],
    });
    t.equal(r.status, 403);
    t.match(r.body.error, /^mcp_egress_refused:(env_reserved|stdio_operator_only)$/);
  }
  const child = await a('POST', '/mcp/servers/attach', { id: 'kid', transport: 'stdio', command: process.execPath, args: ['-e', '0'] });
  t.equal(child.body.error, 'mcp_egress_refused:stdio_operator_only', 'a workspace may not start a child at all');
  const plain = await a('POST', '/mcp/servers/attach', {
    id: 'x',
    transport: 'http',
    url: fake.url,
    auth: { kind: 'bearer', tokenEnv: 'GH_TOKEN' },
  });
  t.equal(
    plain.body.error,
    'mcp_egress_refused:env_not_allowed',
    'a workspace reads no variable SVC_MCP_ALLOW_ENV does not list, even on self-host',
  );
  t.equal(fake.seen.length, 0, 'nothing was sent');
  t.same((await op('GET', '/mcp/servers')).body.servers, []);
  t.equal(
    (await op('POST', '/mcp/servers/attach', { id: 'x', transport: 'http', url: fake.url, auth: { kind: 'bearer', tokenEnv: 'GH_TOKEN' } }))
      .status,
    200,
    'the operator may still name an ordinary variable',
  );
  const all = [...bodies, ...sys.logs].join('\n');
  t.notOk(all.includes(OP) || all.includes(KEY), 'no orchestrator secret in a body or log line');
});

t.test('`as` on /mcp/call: the operator any seat, a person only seats of their own workspace', async (t) => {
  const fake = await startHttpMcp(t);
  const ids = JSON.stringify([
    { token: A, seat: 'alice', kind: 'human', workspace: 'ws-a' },
    { token: B, seat: 'bob', kind: 'human', workspace: 'ws-b' },
    { token: 'carol-token-0123456789', seat: 'carol', kind: 'human', workspace: 'ws-a' },
    { token: 'bot-token-0123456789ab', seat: 'bot', kind: 'agent', workspace: 'ws-a' },
  ]);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: ids } });
  const op = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, OP);
  t.equal((await op('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url })).status, 200);
  await op('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' });
  await op('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: false, scope: { level: 'agent', ref: 'alice' } });
  const callAs = (tok: string, as?: string) =>
    req(sys.url, 'POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {}, ...(as ? { as } : {}) }, tok);
  t.equal((await callAs(A)).body.error, 'tool_not_allowlisted:gh.echo', 'alice is denied');
  const slip = await callAs(A, 'bob');
  t.equal(slip.status, 403, 'alice may not borrow the rules of a seat in another workspace');
  t.equal(slip.body.error, 'mcp_scope_forbidden');
  t.equal((await callAs('bot-token-0123456789ab', 'carol')).body.error, 'mcp_scope_forbidden', 'an agent acts only as itself');
  t.equal((await callAs(A, 'stranger')).body.error, 'mcp_scope_forbidden', 'nor a seat no identity names');
  t.equal(fake.calls().length, 0, 'nothing reached the server');
  t.equal((await callAs(A, 'carol')).status, 200, 'a person may act as a seat of their own workspace');
  t.equal((await callAs(OP, 'bob')).status, 200, 'the operator may act as anyone');
  t.equal((await callAs(OP, 'alice')).body.error, 'tool_not_allowlisted:gh.echo', "and meets that seat's rules");
  t.equal(fake.calls().length, 2);
  for (const path of ['/mcp/servers', '/mcp/tools']) {
    const peek = await req(sys.url, 'GET', `${path}?as=bob`, undefined, A);
    t.equal(peek.status, 403, `alice may not read ${path} resolved for a seat of another workspace`);
    t.equal(peek.body.error, 'mcp_scope_forbidden');
    t.equal((await req(sys.url, 'GET', `${path}?as=carol`, undefined, A)).status, 200, `but may for ${path} as a seat of her own`);
    t.equal((await req(sys.url, 'GET', `${path}?as=bob`, undefined, OP)).status, 200, `and the operator for ${path} as anyone`);
  }
});

t.test('a kept session is dropped when the credential changes', async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: KEY } });
  const op = (m: string, p: string, bd?: unknown) => req(sys.url, m, p, bd, OP);
  await op('PUT', '/mcp/secrets/gh', { value: 'first-value-1111' });
  await op('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url, auth: { kind: 'secret', secretRef: 'gh' } });
  await op('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' });
  t.equal((await op('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} })).status, 200);
  await op('PUT', '/mcp/secrets/gh', { value: 'second-value-2222' });
  const mark = fake.seen.length;
  t.equal((await op('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} })).status, 200);
  const after = fake.seen.slice(mark);
  t.equal(after[0]?.rpcMethod, 'initialize', 'a new session for the new credential');
  t.ok(
    after.every((s) => s.authorization === 'Bearer second-value-2222'),
    'nothing more is sent with the old one',
  );
});
