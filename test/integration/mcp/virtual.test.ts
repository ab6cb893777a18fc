/**
 * `/mcp/servers/:id/mcp`, one attached server as its own MCP endpoint: its allowed tools,
 * resources and prompts under the names and URIs the server gave them, none of svc's own tools,
 * and the same caller, allowlist, kill switch and audit as `/mcp`. A server of another workspace
 * is answered exactly like one that does not exist, and no token is no entry.
 */
import t, { type Test } from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startSystem } from '../../helpers/system.js';
import { DEFAULT_TOOLS, startHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { pollFor } from '../../helpers/poll.js';
import { AuditEvent } from '../../../store/entities/AuditEvent.js';

const OP = 'operator-token-0123456789';
const A = 'workspace-a-token-0123456789';
const B = 'workspace-b-token-0123456789';
const BOT = 'workspace-a-agent-token-0123456789';
const IDS = JSON.stringify([
  { token: BOT, seat: 'bot1', kind: 'agent', workspace: 'ws-a' },
  { token: A, seat: 'alice', kind: 'human', workspace: 'ws-a' },
  { token: B, seat: 'bob', kind: 'human', workspace: 'ws-b' },
]);
const README = 'file:///docs/readme.md';

async function connect(t: Test, url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'stock-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  t.teardown(() => client.close());
  return client;
}

t.test('one server under its own names, behind the rules of /mcp', async (t) => {
  const fake = await startHttpMcp(t, DEFAULT_TOOLS, {
    register: (mcp) => {
      mcp.registerResource('readme', README, {}, (uri) => ({ contents: [{ uri: uri.href, text: 'hello readme' }] }));
      mcp.registerPrompt('review', {}, () => ({
        messages: [{ role: 'user', content: { type: 'resource_link', uri: README, name: 'readme' } }],
      }));
    },
  });
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: IDS } });
  const a = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, A);
  t.equal((await a('POST', '/mcp/servers/attach', { id: 'priv', transport: 'http', url: fake.url })).status, 200);
  const endpoint = `${sys.url}/mcp/servers/priv/mcp`;

  const alice = await connect(t, endpoint, A);
  t.same((await alice.listTools()).tools, [], 'nothing before an allow, and none of svc_* tools');
  t.match(await alice.callTool({ name: 'echo', arguments: { x: 1 } }), {
    isError: true,
    _meta: { 'svc/error': 'tool_not_allowlisted:priv.echo' },
  });
  for (const rule of [
    { tool: 'echo', effect: 'read' },
    { kind: 'resource', tool: README },
    { kind: 'prompt', tool: 'review' },
  ])
    t.equal((await a('PUT', '/mcp/servers/tools', { server: 'priv', enabled: true, ...rule })).status, 200);

  t.same(
    (await alice.listTools()).tools.map((x) => x.name),
    ['echo'],
    'exactly the allowed tool, under its own name',
  );
  t.match(await alice.callTool({ name: 'echo', arguments: { x: 1 } }), {
    content: [{ type: 'text', text: '{"x":1}' }],
    _meta: { 'svc/untrusted': true },
  });
  await t.rejects(alice.callTool({ name: 'nope' }), { code: -32602 }, 'an unknown tool is invalid params');
  t.same(
    (await alice.listResources()).resources.map((r) => r.uri),
    [README],
  );
  t.match((await alice.readResource({ uri: README })).contents, [{ uri: README, text: 'hello readme' }], 'read by its own URI');
  t.same(
    (await alice.listPrompts()).prompts.map((p) => p.name),
    ['review'],
  );
  t.match(
    (await alice.getPrompt({ name: 'review' })).messages,
    [{ content: { type: 'resource_link', uri: README } }],
    'URIs inside come back unmapped',
  );
  const bot = await connect(t, endpoint, BOT);
  t.same(
    (await bot.listTools()).tools.map((x) => x.name),
    ['echo'],
    "an agent of the workspace is served under its own seat's rules",
  );
  t.same(await alice.subscribeResource({ uri: README }), {}, 'subscribe is answered');
  t.same(await alice.setLoggingLevel('info'), {}, 'logging/setLevel is answered');

  // The server's kill switch for this seat shuts this endpoint like /mcp.
  t.equal(
    (await a('PUT', '/mcp/servers/tools', { server: 'priv', tool: '*', enabled: false, scope: { level: 'agent', ref: 'alice' } })).status,
    200,
  );
  t.same((await alice.listTools()).tools, [], 'killed');
  t.same((await alice.listResources()).resources, []);
  await t.rejects(alice.readResource({ uri: README }), { code: -32602, data: { 'svc/error': /^mcp_not_allowlisted:/ } });

  // Another workspace, the operator and no token.
  for (const token of [B, OP]) {
    const r = await req(sys.url, 'POST', '/mcp/servers/priv/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, token);
    t.equal(r.status, 404, 'a server the caller may not see is unknown');
    t.equal(r.body.error, 'unknown_external_mcp_tool:priv');
    const u = await req(sys.url, 'POST', '/mcp/servers/gone/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' }, token);
    t.same(
      [u.status, u.body.error, u.body.message],
      [404, 'unknown_external_mcp_tool:gone', r.body.message.replace('priv', 'gone')],
      'the same answer',
    );
  }
  t.equal((await req(sys.url, 'POST', '/mcp/servers/priv/mcp', { jsonrpc: '2.0', id: 1, method: 'ping' })).status, 401, 'no token');

  const rows = await pollFor(
    'the audit rows of the calls and reads',
    async () => {
      const all = await sys.store
        .em()
        .fork()
        .find(AuditEvent, { type: 'ExternalMcpCalled' }, { orderBy: { id: 'asc' } });
      const data = all.map((r) => r.data as Record<string, any>);
      return data.some((d) => d.kind === 'resource' && d.outcome === 'refused') ? data : undefined;
    },
    { timeoutMs: 5_000 },
  );
  t.match(
    rows.find((d) => d.tool === 'echo' && d.outcome === 'ok'),
    { server: 'priv', seat: 'alice', wentOut: true },
    'the call is on the trail',
  );
  t.match(
    rows.find((d) => d.kind === 'resource' && d.outcome === 'ok'),
    { server: 'priv', tool: README, seat: 'alice' },
  );
});
