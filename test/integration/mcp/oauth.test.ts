/**
 * OAuth 2.1 for an attached server, against a local authorization server (the SDK's server-side
 * auth) protecting a local MCP server with 2-second tokens: attach with `auth.kind: "oauth"`,
 * log in (the test plays the browser: the authorize endpoint approves at once and redirects to
 * svc's callback), call a tool, see the token refreshed before it expires, revoke the grant and see
 * `mcp_missing_credential`. No code, token or client secret may appear in an HTTP answer, a log
 * line, the bus or a stored row; the egress policy covers every URL of the flow.
 */
import t from 'tap';
import type { Test } from 'tap';
import pg from 'pg';
import { startSystem, dropSchema, dropStreams } from '../../helpers/system.js';
import { skipUnless, TEST_DATABASE_URL, uniqueName } from '../../helpers/services.js';
import { startOAuthFixture, type OAuthFixture } from '../../helpers/oauth-server.js';
import { req } from '../../helpers/http.js';
import { until } from '../../helpers/poll.js';
import { runCli } from '../../helpers/process.js';
import { leaks, tapPrefix } from '../../helpers/wire-tap.js';

const OP = 'operator-token-0123456789';
const KEY = 'c'.repeat(64);

type Op = (m: string, p: string, b?: unknown) => ReturnType<typeof req>;

/** Follows the authorization URL as a browser would, up to svc's callback, and answers the callback's reply. */
async function authorizeInBrowser(authorizationUrl: string): Promise<{ callback: string; status: number; body: any; text: string }> {
  const approve = await fetch(authorizationUrl, { redirect: 'manual' });
  const callback = approve.headers.get('location');
  if (approve.status !== 302 || callback === null)
    throw new Error(`the authorize endpoint answered ${approve.status}: ${await approve.text()}`);
  const back = await fetch(callback);
  const text = await back.text();
  return { callback, status: back.status, body: text ? JSON.parse(text) : undefined, text };
}

/** Attach, log in, allow `echo` and `whoami`; answers every HTTP answer seen on the way. */
async function attachAndLogin(t: Test, op: Op, sysUrl: string, as: OAuthFixture, answers: string[]) {
  const attached = await op('POST', '/mcp/servers/attach', { id: 'acme', transport: 'http', url: as.mcpUrl, auth: { kind: 'oauth' } });
  answers.push(attached.text);
  t.equal(attached.status, 200, 'attached');
  t.match(attached.body.discovery, { ok: false, error: 'mcp_missing_credential:acme' }, 'nothing to discover before a login');

  const login = await op('POST', '/mcp/servers/acme/login');
  answers.push(login.text);
  t.equal(login.status, 200, 'login answers an authorization URL');
  const url = new URL(login.body.authorizationUrl);
  t.equal(`${url.origin}/`, as.issuer, 'on the authorization server the resource names');
  t.equal(url.searchParams.get('code_challenge_method'), 'S256', 'PKCE');
  t.ok(url.searchParams.get('code_challenge'), 'with a challenge');
  t.equal(url.searchParams.get('resource'), as.mcpUrl, 'the resource indicator names the MCP server');
  t.equal(url.searchParams.get('redirect_uri'), `${sysUrl}/mcp/oauth/callback`, "back to svc's callback");
  t.equal(login.body.redirectUri, `${sysUrl}/mcp/oauth/callback`);
  t.ok(
    as.asRequests.some((r) => r.startsWith('POST /register')),
    'the client registered itself (no client id configured)',
  );

  const back = await authorizeInBrowser(login.body.authorizationUrl);
  answers.push(back.text);
  t.equal(back.status, 200, back.text);
  t.match(
    back.body,
    { server: 'acme', authorized: true, discovery: { ok: true, added: ['echo', 'whoami'] } },
    'tools discovered with the grant',
  );
  t.same(as.resources, [as.mcpUrl], 'the code exchange named the resource');

  const replay = await fetch(back.callback);
  const replayText = await replay.text();
  answers.push(replayText);
  t.equal(replay.status, 400, 'a state is good once');
  t.equal(JSON.parse(replayText).error, 'invalid_request');

  for (const tool of ['echo', 'whoami']) {
    const r = await op('PUT', '/mcp/servers/tools', { server: 'acme', tool, enabled: true, effect: 'read' });
    t.equal(r.status, 200);
  }
}

t.test('login, call, refresh before expiry, revoke (embedded bus and store)', async (t) => {
  const as = await startOAuthFixture(t, { tokenSeconds: 2 });
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: KEY } });
  const op: Op = (m, p, b) => req(sys.url, m, p, b, OP);
  const answers: string[] = [];
  const keep = async (r: ReturnType<Op>) => {
    const x = await r;
    answers.push(x.text);
    return x;
  };

  const before = await keep(op('POST', '/mcp/call', { name: 'mcp__acme__echo', arguments: {} }));
  t.equal(before.status, 404, 'no server yet');
  await attachAndLogin(t, op, sys.url, as, answers);

  const first = await keep(op('POST', '/mcp/call', { name: 'mcp__acme__echo', arguments: { a: 1 } }));
  t.equal(first.status, 200, first.text);
  t.equal(first.body.result.content[0].text, '{"a":1}');
  const who = await keep(op('POST', '/mcp/call', { name: 'mcp__acme__whoami', arguments: {} }));
  t.equal(who.body.result.content[0].text, 'you sent [redacted]', 'a server echoing the access token is redacted');

  // 2-second tokens: calls keep working across several lifetimes, each refreshed before it expired.
  const firstToken = as.toolCalls[0]!.token;
  await until(
    'two refreshes',
    async () => {
      const r = await keep(op('POST', '/mcp/call', { name: 'mcp__acme__echo', arguments: {} }));
      t.equal(r.status, 200, 'every call meanwhile succeeds');
      return as.refreshes() >= 2;
    },
    { timeoutMs: 10_000, everyMs: 200 },
  );
  t.not(as.toolCalls.at(-1)!.token, firstToken, 'calls now carry a refreshed token');
  t.same(new Set(as.resources), new Set([as.mcpUrl]), 'refreshes name the resource too');

  const secrets = await keep(op('GET', '/mcp/secrets'));
  t.same(secrets.body.secrets, [], 'the grant is not listed among the secrets');

  // Revoked at the authorization server: the server refuses the token, the refresh is refused.
  as.revokeAll();
  const revoked = await keep(op('POST', '/mcp/call', { name: 'mcp__acme__echo', arguments: {} }));
  t.equal(revoked.status, 424, revoked.text);
  t.equal(revoked.body.error, 'mcp_missing_credential:acme', 'names the server');
  t.match(revoked.body.message, /svc mcp login acme/, 'and says how to get a new grant');
  const after = await keep(op('POST', '/mcp/call', { name: 'mcp__acme__echo', arguments: {} }));
  t.equal(after.body.error, 'mcp_missing_credential:acme', 'the dead grant is gone: still missing');
  t.match(after.body.message, /not authorized/);

  // A new login restores it.
  const again = await keep(op('POST', '/mcp/servers/acme/login'));
  const back = await authorizeInBrowser(again.body.authorizationUrl);
  answers.push(back.text);
  t.equal(back.status, 200);
  const restored = await keep(op('POST', '/mcp/call', { name: 'mcp__acme__echo', arguments: {} }));
  t.equal(restored.status, 200, 'calls work again after a new login');

  for (const p of ['/mcp/servers', '/mcp/tools']) answers.push((await op('GET', p)).text);
  await sys.close();
  const secretsIssued = Object.fromEntries(as.issued.map((s, i) => [`issued#${i}`, s]));
  t.same(leaks(answers, secretsIssued), [], 'no code, token or client secret in any HTTP answer');
  t.same(leaks(sys.logs, secretsIssued), [], 'nor in any log line');
});

t.test('refusals: wrong server kind, agents, bad callbacks, a pre-registered client', async (t) => {
  const as = await startOAuthFixture(t, { tokenSeconds: 60 });
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: KEY } });
  const op: Op = (m, p, b) => req(sys.url, m, p, b, OP);
  t.equal((await op('POST', '/mcp/servers/nope/login')).body.error, 'unknown_external_mcp_tool:nope', 'no such server');
  await op('POST', '/mcp/servers/attach', { id: 'plain', transport: 'http', url: as.mcpUrl });
  const plain = await op('POST', '/mcp/servers/plain/login');
  t.same([plain.status, plain.body.error], [400, 'invalid_request'], 'a server without oauth has no login');
  const bad = await op('POST', '/mcp/servers/attach', {
    id: 'half',
    transport: 'http',
    url: as.mcpUrl,
    auth: { kind: 'oauth', clientSecretRef: 'x' },
  });
  t.same([bad.status, bad.body.error], [400, 'invalid_request'], 'a client secret without a client id');
  const noState = await fetch(`${sys.url}/mcp/oauth/callback?code=abc`);
  t.equal(noState.status, 400, 'a callback without state');
  const unknown = await fetch(`${sys.url}/mcp/oauth/callback?code=abc&state=never-issued`);
  t.equal(unknown.status, 400, 'a callback with a state svc never issued');
  const denied = await fetch(`${sys.url}/mcp/oauth/callback?error=access_denied&state=x`);
  t.match(await denied.json(), { error: 'invalid_request', message: /access_denied/ }, 'the authorization server said no');

  // The CLI mirror: attach with --oauth, then login prints the URL to open.
  const cli = { SVC_URL: sys.url, SVC_ORCH_TOKEN: OP };
  const mixed = await runCli(['mcp', 'attach', 'viacli', '--endpoint', as.mcpUrl, '--oauth', '--token-env', 'X'], cli);
  t.equal(mixed.code, 2, 'one kind of auth at a time');
  const viaCli = await runCli(['mcp', 'attach', 'viacli', '--endpoint', as.mcpUrl, '--oauth', '--scope', 'tools'], cli);
  t.equal(viaCli.code, 0, viaCli.stderr);
  const printed = await runCli(['mcp', 'login', 'viacli'], cli);
  t.equal(printed.code, 0, printed.stderr);
  t.match(printed.stdout, new RegExp(`open this URL to authorize svc for viacli .*\n${as.issuer}authorize\\?`), 'prints the URL');
  const viaCliBack = await authorizeInBrowser(printed.stdout.trim().split('\n').at(-1)!);
  t.equal(viaCliBack.status, 200, 'the printed URL completes the login');

  // Pre-registered: the client id in the config, its secret sealed by reference; no registration.
  const client = as.preRegister(`${sys.url}/mcp/oauth/callback`);
  t.equal((await op('PUT', '/mcp/secrets/acme-client', { value: client.client_secret })).status, 200);
  t.equal(
    (
      await op('POST', '/mcp/servers/attach', {
        id: 'pre',
        transport: 'http',
        url: as.mcpUrl,
        auth: { kind: 'oauth', clientId: client.client_id, clientSecretRef: 'acme-client', scope: 'tools' },
      })
    ).status,
    200,
  );
  const login = await op('POST', '/mcp/servers/pre/login');
  t.equal(new URL(login.body.authorizationUrl).searchParams.get('client_id'), client.client_id, 'the configured client');
  const registered = as.asRequests.filter((r) => r.startsWith('POST /register')).length;
  const back = await authorizeInBrowser(login.body.authorizationUrl);
  t.equal(back.status, 200, back.text);
  t.equal(as.asRequests.filter((r) => r.startsWith('POST /register')).length, registered, 'a pre-registered client registers nothing');
  await op('PUT', '/mcp/servers/tools', { server: 'pre', tool: 'echo', enabled: true, effect: 'read' });
  t.equal((await op('POST', '/mcp/call', { name: 'mcp__pre__echo', arguments: {} })).status, 200, 'calls with the pre-registered grant');
  const detached = await op('POST', '/mcp/servers/detach', { id: 'pre' });
  t.equal(detached.status, 200);
  await op('POST', '/mcp/servers/attach', {
    id: 'pre',
    transport: 'http',
    url: as.mcpUrl,
    auth: { kind: 'oauth', clientId: client.client_id, clientSecretRef: 'acme-client' },
  });
  await op('PUT', '/mcp/servers/tools', { server: 'pre', tool: 'echo', enabled: true, effect: 'read' });
  const gone = await op('POST', '/mcp/call', { name: 'mcp__pre__echo', arguments: {} });
  t.equal(gone.body.error, 'mcp_missing_credential:pre', 'a detach takes the grant with it');
  await sys.close();
  t.same(leaks(sys.logs, { clientSecret: client.client_secret! }), [], 'the client secret is in no log line');
});

t.test("a workspace's grant is its own; agents cannot log in", async (t) => {
  const ALICE = 'workspace-a-token-0123456789';
  const BOB = 'workspace-b-token-0123456789';
  const BOT = 'agent-token-0123456789abcd';
  const ids = JSON.stringify([
    { token: ALICE, seat: 'alice', kind: 'human', workspace: 'ws-a' },
    { token: BOB, seat: 'bob', kind: 'human', workspace: 'ws-b' },
    { token: BOT, seat: 'bot', kind: 'agent', workspace: 'ws-a' },
  ]);
  const as = await startOAuthFixture(t, { tokenSeconds: 60 });
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: KEY, SVC_IDENTITIES: ids } });
  const by = (tok: string) => (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, tok);
  const alice = by(ALICE);
  t.equal(
    (await alice('POST', '/mcp/servers/attach', { id: 'crm', transport: 'http', url: as.mcpUrl, auth: { kind: 'oauth' } })).status,
    200,
  );
  const bot = await by(BOT)('POST', '/mcp/servers/crm/login');
  t.same([bot.status, bot.body.error], [403, 'mcp_scope_forbidden'], 'an agent cannot start a login');
  const bob = await by(BOB)('POST', '/mcp/servers/crm/login');
  t.same([bob.status, bob.body.error], [404, 'unknown_external_mcp_tool:crm'], "another workspace cannot log in alice's server");
  const op = await req(sys.url, 'POST', '/mcp/servers/crm/login', undefined, OP);
  t.equal(op.status, 404, 'nor can the operator: the grant would be hers');
  const login = await alice('POST', '/mcp/servers/crm/login');
  const back = await authorizeInBrowser(login.body.authorizationUrl);
  t.equal(back.status, 200, back.text);
  await alice('PUT', '/mcp/servers/tools', { server: 'crm', tool: 'echo', enabled: true, effect: 'read' });
  t.equal((await alice('POST', '/mcp/call', { name: 'mcp__crm__echo', arguments: {} })).status, 200, 'alice calls with her grant');
  const bobCall = await by(BOB)('POST', '/mcp/call', { name: 'mcp__crm__echo', arguments: {} });
  t.equal(bobCall.status, 404, 'bob does not see the server, let alone the grant');
});

t.test('the egress policy covers the flow: a refused authorization server is never contacted', async (t) => {
  // The MCP server (loopback, allowed on self-host) names an authorization server the allowlist does not list.
  const as = await startOAuthFixture(t, { advertisedIssuer: 'https://auth.example.com/' });
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: KEY, SVC_MCP_ALLOW_HOSTS: 'mcp.example.com' } });
  const op: Op = (m, p, b) => req(sys.url, m, p, b, OP);
  t.equal(
    (await op('POST', '/mcp/servers/attach', { id: 'acme', transport: 'http', url: as.mcpUrl, auth: { kind: 'oauth' } })).status,
    200,
  );
  const login = await op('POST', '/mcp/servers/acme/login');
  t.same([login.status, login.body.error], [403, 'mcp_egress_refused:host_not_allowlisted'], login.text);
  t.match(login.body.message, /auth\.example\.com/, 'naming the refused host');
  t.same(as.asRequests, [], 'no authorization server saw a request');
});

t.test(
  'no code, token or client secret on the bus or in a stored row (JetStream + PostgreSQL)',
  { skip: (await skipUnless('postgres', 'nats')) ?? false },
  async (t) => {
    const schema = uniqueName('t_mcp_');
    const prefix = uniqueName('t');
    t.teardown(() => dropSchema(schema));
    t.teardown(() => dropStreams(prefix));
    const as = await startOAuthFixture(t, { tokenSeconds: 2 });
    const wire = await tapPrefix(t, prefix);
    const sys = await startSystem(t, { postgres: { schema }, nats: { prefix }, env: { SVC_ORCH_TOKEN: OP, SVC_SESSION_KEY: KEY } });
    const op: Op = (m, p, b) => req(sys.url, m, p, b, OP);
    const answers: string[] = [];
    await attachAndLogin(t, op, sys.url, as, answers);
    const ok = await op('POST', '/mcp/call', { name: 'mcp__acme__whoami', arguments: {} });
    answers.push(ok.text);
    t.equal(ok.status, 200, ok.text);
    await until(
      'a refresh',
      async () => {
        const r = await op('POST', '/mcp/call', { name: 'mcp__acme__echo', arguments: {} });
        answers.push(r.text);
        return as.refreshes() >= 1;
      },
      { timeoutMs: 10_000, everyMs: 200 },
    );
    // A flow's call goes through the work queue, not the rpc.
    const viaQueue = await sys.bus.call<any>('mcp', 'call', { name: 'mcp__acme__echo', arguments: {}, seat: 'operator', askSurface: true });
    t.equal(viaQueue.status, 'ok');

    const db = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await db.connect();
    t.teardown(() => db.end());
    const tables = await db.query<{ table_name: string }>('select table_name from information_schema.tables where table_schema = $1', [
      schema,
    ]);
    const rows: string[] = [];
    for (const { table_name } of tables.rows)
      for (const r of (await db.query(`select * from "${schema}"."${table_name}"`)).rows) rows.push(JSON.stringify(r));
    t.ok(
      rows.some((r) => r.includes('oauth-grant:acme')),
      'the grant is stored (sealed)',
    );

    await wire.flush();
    const stored = await wire.stored();
    await sys.close();
    const issued = Object.fromEntries(as.issued.map((s, i) => [`issued#${i}`, s]));
    t.ok(wire.seen.length > 0 && wire.seen.some((m) => m.includes('oauthCallback')), 'the tap saw the flow');
    t.same(leaks(wire.seen, issued), [], 'nothing issued crossed the bus');
    t.same(leaks(stored, issued), [], 'nor stays in a stream');
    t.same(leaks(rows, issued), [], 'nor sits in a stored row in clear');
    t.same(leaks(answers, issued), [], 'nor came back in an HTTP answer');
    t.same(leaks(sys.logs, issued), [], 'nor in a log line');
  },
);
