/**
 * `/mcp` as MCP clients meet it: a 401 names the OAuth protected resource metadata in
 * `WWW-Authenticate`, the SDK's own discovery reads that document (no token needed) and finds
 * `/mcp` as the resource; and tool arguments reach first-party and external tools as the JSON they
 * are (numbers, booleans, objects), through HTTP, MCP and the CLI alike.
 */
import t from 'tap';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams } from '@modelcontextprotocol/sdk/client/auth.js';
import { startSystem } from '../../helpers/system.js';
import { startHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { runCli } from '../../helpers/process.js';

const OP = 'operator-token-0123456789';
const ARGS = { n: 1, x: 2.5, yes: true, no: false, none: null, obj: { a: 1, list: [1, 'two', { three: 3 }] }, s: '1' };

const fake = await startHttpMcp(t);
const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP } });
const client = new Client({ name: 'stock-client', version: '1.0.0' });
await client.connect(
  new StreamableHTTPClientTransport(new URL('/mcp', sys.url), { requestInit: { headers: { Authorization: `Bearer ${OP}` } } }),
);
t.teardown(() => client.close());

t.test('a 401 on /mcp points at the protected resource metadata, which describes /mcp', async (t) => {
  const init = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
  };
  const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
  const metadataUrl = `${sys.url}/.well-known/oauth-protected-resource/mcp`;

  const anon = await fetch(`${sys.url}/mcp`, { method: 'POST', headers, body: JSON.stringify(init) });
  t.equal(anon.status, 401);
  t.equal(anon.headers.get('www-authenticate'), `Bearer resource_metadata="${metadataUrl}"`);
  t.same(await anon.json(), { error: 'unauthorized', message: 'missing or wrong bearer token' }, 'the error body is unchanged');
  const wrong = await fetch(`${sys.url}/mcp`, {
    method: 'POST',
    headers: { ...headers, authorization: 'Bearer not-the-token' },
    body: JSON.stringify(init),
  });
  t.equal(wrong.status, 401);
  const params = extractWWWAuthenticateParams(wrong);
  t.equal(params.error, 'invalid_token', 'a token that was sent and refused is named invalid');
  t.equal(params.resourceMetadataUrl?.href, metadataUrl, 'the SDK reads the metadata URL from the challenge');

  const doc = await fetch(metadataUrl);
  t.equal(doc.status, 200, 'served without a token');
  t.same(await doc.json(), { resource: `${sys.url}/mcp`, resource_name: 'svc', bearer_methods_supported: ['header'] });
  const root = await fetch(`${sys.url}/.well-known/oauth-protected-resource`);
  t.match(await root.json(), { resource: `${sys.url}/mcp` }, 'and at the root well-known path');
  const found = await discoverOAuthProtectedResourceMetadata(new URL('/mcp', sys.url));
  t.equal(found.resource, `${sys.url}/mcp`, "the SDK's discovery finds it from the /mcp URL alone");

  const other = await req(sys.url, 'GET', '/mcp/servers');
  t.equal(other.status, 401, 'the REST routes keep their plain 401');
  const ok = await req(sys.url, 'GET', '/mcp/servers', undefined, OP);
  t.equal(ok.status, 200);
});

t.test('svc_echo answers the JSON it was given: HTTP, MCP and CLI', async (t) => {
  const http = await req(sys.url, 'POST', '/mcp/call', { name: 'svc_echo', arguments: ARGS }, OP);
  t.equal(http.status, 200);
  t.same(http.body.result.structuredContent, ARGS, 'HTTP');
  t.same(JSON.parse(http.body.result.content[0].text), ARGS);

  const mcp = await client.callTool({ name: 'svc_echo', arguments: ARGS });
  t.notOk(mcp.isError);
  t.same(mcp.structuredContent, ARGS, 'MCP');

  const cli = await runCli(['mcp', 'call', 'svc_echo', '--args', JSON.stringify(ARGS)], { SVC_URL: sys.url, SVC_ORCH_TOKEN: OP });
  t.equal(cli.code, 0, cli.stderr);
  t.same(JSON.parse(cli.stdout), ARGS, 'CLI');

  const bad = await req(sys.url, 'POST', '/mcp/call', { name: 'svc_pending_intents', arguments: { seat: 7 } }, OP);
  t.equal(bad.status, 400, 'a first-party tool refuses a wrong type instead of reading it as text');
  t.match(bad.body, { error: 'invalid_request', message: /seat must be a string/ });
});

t.test('an external tool gets the same JSON values', async (t) => {
  t.equal((await req(sys.url, 'POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url }, OP)).status, 200);
  await req(sys.url, 'PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' }, OP);
  const http = await req(sys.url, 'POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: ARGS }, OP);
  t.same(JSON.parse(http.body.result.content[0].text), ARGS, 'HTTP');
  const mcp = await client.callTool({ name: 'mcp__gh__echo', arguments: ARGS });
  t.same(JSON.parse((mcp.content as { text: string }[])[0]!.text), ARGS, 'MCP');
});

t.test('an unknown tool on /mcp is a JSON-RPC invalid-params error', async (t) => {
  await t.rejects(client.callTool({ name: 'svc_nope', arguments: {} }), {
    code: -32602,
    message: 'MCP error -32602: unknown tool: svc_nope',
    data: { 'svc/error': 'unknown_external_mcp_tool:svc_nope' },
  });
  await t.rejects(client.callTool({ name: 'mcp__gh__nope', arguments: {} }), { code: -32602 });
  await t.rejects(client.callTool({ name: 'mcp__elsewhere__echo', arguments: {} }), { code: -32602 });
  await t.rejects(client.callTool({ name: 'plain', arguments: {} }), { code: -32602 });
  const refused = await client.callTool({ name: 'mcp__gh__create_issue', arguments: {} });
  t.equal(refused.isError, true, 'a tool that exists but is refused stays a tool result the model can read');
  t.match(refused._meta, { 'svc/error': 'tool_not_allowlisted:gh.create_issue' });
});
