/**
 * The orchestrator is itself an MCP server at `/mcp`. A stock SDK `Client`
 * over `StreamableHTTPClientTransport` with an Authorization header connects, lists the `svc_*`
 * tools plus exactly the external tools its seat may call, and calls through the same allowlist,
 * modes and audit as `POST /mcp/call` (refusals are tool results with `isError: true`; a name no
 * tool answers to is a JSON-RPC invalid-params error).
 */
import t, { type Test } from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startSystem } from '../../helpers/system.js';
import { startHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { pollFor } from '../../helpers/poll.js';
import { AuditEvent } from '../../../store/entities/AuditEvent.js';
import { servedFirstParty } from '../../../actors/mcp-dispatch/first-party-call.js';

const OP = 'operator-token-0123456789';
const AGENT = 'agent-token-bot1-0123456789';
const IDS = JSON.stringify([{ token: AGENT, seat: 'bot1', kind: 'agent' }]);

async function connect(t: Test, url: string, token?: string): Promise<Client> {
  const client = new Client({ name: 'stock-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(
    new URL('/mcp', url),
    token ? { requestInit: { headers: { Authorization: `Bearer ${token}` } } } : {},
  );
  await client.connect(transport);
  t.teardown(() => client.close());
  return client;
}

const text = (r: any): string => r.content?.[0]?.text ?? '';

t.test('a stock SDK client lists and calls through the allowlist', async (t) => {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, {
    env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: IDS, SVC_ORG: JSON.stringify({ bot1: { crews: ['crew-x'] } }) },
  });
  const op = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, OP);
  // The bound must leave a loaded machine room to connect and answer `echo`, yet stay under the 5 s
  // that `slow` takes, which its timer, armed first, therefore always beats.
  t.equal((await op('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url, timeoutMs: 4000 })).status, 200);
  await op('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' });
  await op('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'create_issue', enabled: true, effect: 'write', mode: 'ask' });
  await op('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'delete_repo', enabled: true, effect: 'write', mode: 'auto' });
  await op('PUT', '/mcp/servers/tools', {
    server: 'gh',
    tool: 'delete_repo',
    enabled: true,
    mode: 'deny',
    scope: { level: 'crew', ref: 'crew-x' },
  });
  await op('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'slow', enabled: true, effect: 'read' });

  const client = await connect(t, sys.url, AGENT);
  t.equal(client.getServerVersion()?.name, 'svc');
  const listed = (await client.listTools()).tools.map((x) => x.name).sort();
  const firstParty = servedFirstParty().map((x) => x.name);
  t.ok(firstParty.includes('svc_echo') && firstParty.includes('svc_org_tree'));
  t.same(
    listed,
    ['mcp__gh__echo', 'mcp__gh__slow', ...firstParty].sort(),
    'svc_* plus exactly what bot1 may call here (delete_repo is deny for its crew, create_issue asks and /mcp cannot ask, the rest blocked)',
  );
  const opClient = await connect(t, sys.url, OP);
  t.ok(
    (await opClient.listTools()).tools.some((x) => x.name === 'mcp__gh__delete_repo'),
    'the operator (no crew deny) sees delete_repo',
  );
  // A client decides what it may call without asking from these hints, so each follows the tool's real effect.
  const hints = Object.fromEntries((await opClient.listTools()).tools.map((x) => [x.name, x.annotations]));
  t.match(hints.svc_approve, { readOnlyHint: false, destructiveHint: true, openWorldHint: true }, 'svc_approve approves a spend: a write');
  for (const read of ['svc_org_tree', 'svc_pending_intents', 'svc_echo'])
    t.match(hints[read], { readOnlyHint: true, openWorldHint: false }, `${read} only reads`);
  t.same(
    Object.keys(hints)
      .filter((n) => n.startsWith('svc_'))
      .sort(),
    [...firstParty].sort(),
    'every first-party tool is checked above',
  );
  t.match(hints.mcp__gh__echo, { readOnlyHint: true, openWorldHint: true }, 'an external tool classified read');
  t.match(hints.mcp__gh__delete_repo, { readOnlyHint: false, openWorldHint: true }, 'an external write');
  t.notOk('destructiveHint' in hints.mcp__gh__delete_repo!, 'svc does not know what a write destroys: the protocol default (true) applies');

  const first = await client.callTool({ name: 'svc_echo', arguments: { text: 'hello' } });
  t.notOk(first.isError);
  t.equal(text(first), 'hello', 'first-party tools run their flow-engine implementation');
  t.match(first._meta, { 'svc/untrusted': false });
  const org = await client.callTool({ name: 'svc_org_tree', arguments: {} });
  t.match(org.structuredContent, { source: 'none', nodes: [] });

  const ok = await client.callTool({ name: 'mcp__gh__echo', arguments: { q: 'x' } });
  t.notOk(ok.isError);
  t.equal(text(ok), '{"q":"x"}');
  t.match(ok._meta, { 'svc/untrusted': true });

  const blocked = await client.callTool({ name: 'mcp__gh__big', arguments: {} });
  t.equal(blocked.isError, true);
  t.match(blocked._meta, { 'svc/error': 'tool_not_allowlisted:gh.big' });
  const ask = await client.callTool({ name: 'mcp__gh__create_issue', arguments: {} });
  t.equal(ask.isError, true);
  t.match(ask._meta, { 'svc/error': 'mcp_mode_denied:gh.create_issue:ask_unavailable' }, 'no ask surface on /mcp');
  const deny = await client.callTool({ name: 'mcp__gh__delete_repo', arguments: {} });
  t.match(deny._meta, { 'svc/error': 'mcp_mode_denied:gh.delete_repo:deny' });
  const slow = await client.callTool({ name: 'mcp__gh__slow', arguments: {} });
  t.match(slow._meta, { 'svc/error': 'mcp_call_timeout:gh' }, 'the server bounds apply');
  await t.rejects(client.callTool({ name: 'mcp__nope__x', arguments: {} }), { code: -32602 }, 'an unknown tool is invalid params');
  await t.rejects(client.callTool({ name: 'svc_nope', arguments: {} }), { code: -32602 });
  await t.rejects(client.callTool({ name: 'mcp__gh__not_published', arguments: {} }), { code: -32602 }, 'on a known server too');
  t.same(fake.calls(), ['echo', 'slow'], 'only the allowed calls reached the server');

  // Rows are written after the answers (runtime/detached-audit.ts): wait for all seven.
  const rows = (
    await pollFor('seven ExternalMcpCalled rows', async () => {
      const found = await sys.store
        .em()
        .fork()
        .find(AuditEvent, { type: 'ExternalMcpCalled' }, { orderBy: { id: 'asc' } });
      return found.length >= 7 ? found : undefined;
    })
  ).map((r) => r.data);
  t.match(
    rows.map((r) => [r.tool, r.seat, r.outcome, r.wentOut]),
    [
      ['echo', 'bot1', 'ok', true],
      ['big', 'bot1', 'refused', false],
      ['create_issue', 'bot1', 'refused', false],
      ['delete_repo', 'bot1', 'refused', false],
      ['slow', 'bot1', 'failed', true],
      ['x', 'bot1', 'refused', false],
      ['not_published', 'bot1', 'refused', false],
    ],
    'the same audit rows as /mcp/call',
  );
});

t.test('bearer-authenticated through the gateway; GET and DELETE are 405', async (t) => {
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP } });
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const anon = await fetch(`${sys.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(init) });
  t.equal(anon.status, 401);
  t.same(await anon.json(), { error: 'unauthorized', message: 'missing or wrong bearer token' });
  const wrong = await fetch(`${sys.url}/mcp`, {
    method: 'POST',
    headers: { ...headers, authorization: 'Bearer nope-nope-nope' },
    body: JSON.stringify(init),
  });
  t.equal(wrong.status, 401);
  await t.rejects(connect(t, sys.url, 'not-a-token-at-all'), 'the SDK client fails to connect without a valid token');
  const good = await fetch(`${sys.url}/mcp`, {
    method: 'POST',
    headers: { ...headers, authorization: `Bearer ${OP}` },
    body: JSON.stringify(init),
  });
  t.equal(good.status, 200);
  t.match(await good.json(), { jsonrpc: '2.0', id: 1, result: { serverInfo: { name: 'svc' }, capabilities: { tools: {} } } });
  t.equal((await req(sys.url, 'GET', '/mcp', undefined, OP)).status, 405);
  t.equal((await req(sys.url, 'DELETE', '/mcp', undefined, OP)).status, 405);
  const text415 = await fetch(`${sys.url}/mcp`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain', authorization: `Bearer ${OP}` },
    body: 'x',
  });
  t.equal(text415.status, 415);
});

t.test('/mcp/call answers svc_* with the first-party implementations', async (t) => {
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP } });
  const r = await req(sys.url, 'POST', '/mcp/call', { name: 'svc_echo', arguments: { text: 'hi', n: 2 } }, OP);
  t.equal(r.status, 200);
  t.match(r.body, {
    status: 'ok',
    name: 'svc_echo',
    untrusted: false,
    result: { content: [{ type: 'text', text: 'hi' }], structuredContent: { text: 'hi', n: 2 } },
  });
  const u = await req(sys.url, 'POST', '/mcp/call', { name: 'svc_nope', arguments: {} }, OP);
  t.equal(u.status, 404);
  t.equal(u.body.error, 'unknown_external_mcp_tool:svc_nope');
});
