/**
 * `/mcp` serves the resources, resource templates, prompts and completions of attached servers,
 * namespaced (`svc-mcp://<server>/<encoded uri>`, `mcp__<server>__<prompt>`) and behind the same
 * allowlist as tools: nothing is listed or readable until an operator allows it, a kill switch at
 * crew scope shuts it again for that crew, and every read, get and completion (refusals included)
 * leaves an ExternalMcpCalled row. A stock SDK client against a real SDK server, on the embedded
 * bus and on JetStream + PostgreSQL.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import t, { type Test } from 'tap';
import { z } from 'zod';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ResourceTemplate, type McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { completable } from '@modelcontextprotocol/sdk/server/completable.js';
import { startSystem, type SystemOptions } from '../../helpers/system.js';
import { skipUnless } from '../../helpers/services.js';
import { startHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { pollFor } from '../../helpers/poll.js';
import { AuditEvent } from '../../../store/entities/AuditEvent.js';
import { repoPath } from '../../helpers/paths.js';

const OP = 'operator-token-0123456789';
const AGENT = 'agent-token-bot1-0123456789';
const IDS = JSON.stringify([{ token: AGENT, seat: 'bot1', kind: 'agent' }]);

const README = 'file:///docs/readme.md';
const SECRET = 'file:///etc/secret';
const svc = (uri: string) => `svc-mcp://docs/${encodeURIComponent(uri)}`;

function register(mcp: McpServer): void {
  const text = (uri: URL, body: string) => ({ contents: [{ uri: uri.href, mimeType: 'text/plain', text: body }] });
  mcp.registerResource('readme', README, { description: 'the readme' }, (uri) => text(uri, 'hello readme'));
  mcp.registerResource('secret', SECRET, {}, (uri) => text(uri, 'never through svc'));
  mcp.registerResource(
    'note',
    new ResourceTemplate('note:///{id}', {
      list: undefined,
      complete: { id: (v) => ['alpha', 'alpine', 'beta'].filter((x) => x.startsWith(v)) },
    }),
    {},
    (uri, vars) => text(uri, `note ${String(vars.id)}`),
  );
  mcp.registerPrompt(
    'review',
    {
      description: 'a review',
      argsSchema: { topic: completable(z.string(), (v) => ['security', 'speed', 'style'].filter((x) => x.startsWith(v))) },
    },
    ({ topic }) => ({ messages: [{ role: 'user', content: { type: 'text', text: `review ${topic}` } }] }),
  );
  mcp.registerPrompt('hidden', {}, () => ({ messages: [{ role: 'user', content: { type: 'text', text: 'hidden' } }] }));
}

async function connect(t: Test, url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'stock-client', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL('/mcp', url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }),
  );
  t.teardown(() => client.close());
  return client;
}

const refused = (code: string) => ({ code: -32602, data: { 'svc/error': code } });

async function federation(t: Test, opts: SystemOptions) {
  const fake = await startHttpMcp(t, [], { register });
  const sys = await startSystem(t, {
    ...opts,
    env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: IDS, SVC_ORG: JSON.stringify({ bot1: { crews: ['crew-x'] } }), ...opts.env },
  });
  const op = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, OP);
  t.equal((await op('POST', '/mcp/servers/attach', { id: 'docs', transport: 'http', url: fake.url })).status, 200);
  const agent = await connect(t, sys.url, AGENT);
  t.match(agent.getServerCapabilities(), { resources: {}, prompts: {}, completions: {}, logging: {} });

  // Discovery admits nothing: the server publishes all of these, the seat sees none.
  t.same((await agent.listResources()).resources, [], 'no resource before an allow');
  t.same((await agent.listResourceTemplates()).resourceTemplates, []);
  t.same((await agent.listPrompts()).prompts, [], 'no prompt before an allow');
  await t.rejects(agent.readResource({ uri: svc(README) }), refused(`mcp_not_allowlisted:${svc(README)}`), 'blocked before');
  await t.rejects(
    agent.getPrompt({ name: 'mcp__docs__review', arguments: { topic: 'x' } }),
    refused('mcp_not_allowlisted:mcp__docs__review'),
  );
  await t.rejects(
    agent.complete({ ref: { type: 'ref/prompt', name: 'mcp__docs__review' }, argument: { name: 'topic', value: 's' } }),
    refused('mcp_not_allowlisted:mcp__docs__review'),
  );
  t.notOk(
    fake.seen.some((s) => s.rpcMethod === 'resources/read' || s.rpcMethod === 'prompts/get' || s.rpcMethod === 'completion/complete'),
    'refusals reach no server',
  );

  // An allow of a wildcard is refused like a tool's; an effect makes no sense for a read.
  t.equal((await op('PUT', '/mcp/servers/tools', { server: 'docs', kind: 'resource', tool: '*', enabled: true })).status, 400);
  t.equal(
    (await op('PUT', '/mcp/servers/tools', { server: 'docs', kind: 'prompt', tool: 'review', enabled: true, effect: 'read' })).status,
    400,
  );
  for (const [kind, tool] of [
    ['resource', README],
    ['resource', 'note:///{id}'],
    ['prompt', 'review'],
  ])
    t.match((await op('PUT', '/mcp/servers/tools', { server: 'docs', kind, tool, enabled: true })).body, {
      change: 'set',
      rule: { kind, tool },
    });

  // A second server that allows the same resource and then goes away: the lists still answer, without it.
  const down = await startHttpMcp(t, [], { register });
  t.equal((await op('POST', '/mcp/servers/attach', { id: 'down', transport: 'http', url: down.url })).status, 200);
  await op('PUT', '/mcp/servers/tools', { server: 'down', kind: 'resource', tool: README, enabled: true });
  await down.close();
  const grants = async () => (await op('GET', '/mcp/servers?as=bot1')).body.servers.find((x: any) => x.id === 'docs').grants;
  t.match(
    await grants(),
    [
      { kind: 'prompt', name: 'review', state: 'allowed', decidedBy: 'workspace' },
      { kind: 'resource', name: README, state: 'allowed' },
      { kind: 'resource', name: 'note:///{id}', state: 'allowed' },
    ],
    'the listing shows what the rules name',
  );
  t.same(
    (await agent.listResources()).resources.map((r) => [r.uri, r.name, r._meta?.['svc/uri']]),
    [[svc(README), 'readme', README]],
    'exactly the allowed resource, under its svc URI (the server that is down left out)',
  );
  const read = await agent.readResource({ uri: svc(README) });
  t.match(read.contents, [{ uri: svc(README), text: 'hello readme' }]);
  t.match(read._meta, { 'svc/untrusted': true });
  await t.rejects(
    agent.readResource({ uri: `svc-mcp://down/${encodeURIComponent(README)}` }),
    { code: -32603, data: { 'svc/error': 'mcp_server_unreachable:down' } },
    'an allowed read of a server that is down fails as the server failing',
  );
  await t.rejects(
    agent.readResource({ uri: svc(SECRET) }),
    refused(`mcp_not_allowlisted:${svc(SECRET)}`),
    'another resource stays blocked',
  );
  await t.rejects(agent.readResource({ uri: 'file:///docs/readme.md' }), refused('mcp_not_allowlisted:file:///docs/readme.md'));

  const templates = (await agent.listResourceTemplates()).resourceTemplates;
  t.same(
    templates.map((x) => x.uriTemplate),
    [`svc-mcp://docs/${encodeURIComponent('note:///')}{id}`],
    'the template, its expression left for the client',
  );
  const note = templates[0]!.uriTemplate.replace('{id}', 'alpha');
  t.match((await agent.readResource({ uri: note })).contents, [{ text: 'note alpha' }], 'a URI the allowed template matches is readable');
  t.same(
    (await agent.complete({ ref: { type: 'ref/resource', uri: templates[0]!.uriTemplate }, argument: { name: 'id', value: 'al' } }))
      .completion.values,
    ['alpha', 'alpine'],
  );

  t.same(
    (await agent.listPrompts()).prompts.map((p) => p.name),
    ['mcp__docs__review'],
    'only the allowed prompt, namespaced',
  );
  t.match((await agent.getPrompt({ name: 'mcp__docs__review', arguments: { topic: 'security' } })).messages, [
    { role: 'user', content: { type: 'text', text: 'review security' } },
  ]);
  await t.rejects(agent.getPrompt({ name: 'mcp__docs__hidden' }), refused('mcp_not_allowlisted:mcp__docs__hidden'));
  t.same(
    (await agent.complete({ ref: { type: 'ref/prompt', name: 'mcp__docs__review' }, argument: { name: 'topic', value: 's' } })).completion
      .values,
    ['security', 'speed', 'style'],
  );
  t.same(await agent.setLoggingLevel('debug'), {}, 'logging/setLevel is answered');

  // The server's kill switch at the agent's crew: every kind shuts for that crew, not for others.
  t.equal(
    (await op('PUT', '/mcp/servers/tools', { server: 'docs', tool: '*', enabled: false, scope: { level: 'crew', ref: 'crew-x' } })).status,
    200,
  );
  t.same((await agent.listResources()).resources, [], 'killed for the crew');
  t.match(await grants(), [{ state: 'disabled', decidedBy: 'crew:crew-x' }, { state: 'disabled' }, { state: 'disabled' }]);
  t.same((await agent.listResourceTemplates()).resourceTemplates, []);
  t.same((await agent.listPrompts()).prompts, []);
  await t.rejects(agent.readResource({ uri: svc(README) }), refused(`mcp_not_allowlisted:${svc(README)}`));
  await t.rejects(agent.readResource({ uri: note }), refused(`mcp_not_allowlisted:${note}`), 'a template does not undo the kill switch');
  await t.rejects(
    agent.getPrompt({ name: 'mcp__docs__review', arguments: { topic: 'x' } }),
    refused('mcp_not_allowlisted:mcp__docs__review'),
  );
  const operator = await connect(t, sys.url, OP);
  t.equal((await operator.listResources()).resources.length, 1, 'the operator is in no crew: still allowed');
  t.equal((await operator.listPrompts()).prompts.length, 1);

  const rows = await pollFor(
    'the audit rows of reads, gets and completions',
    async () => {
      const all = await sys.store
        .em()
        .fork()
        .find(AuditEvent, { type: 'ExternalMcpCalled' }, { orderBy: { id: 'asc' } });
      const data = all.map((r) => r.data as Record<string, any>).filter((d) => d.kind !== undefined);
      return data.length >= 14 ? data : undefined;
    },
    { timeoutMs: 5_000 },
  );
  t.match(
    rows.find((d) => d.kind === 'resource' && d.outcome === 'refused' && d.tool === README),
    { server: 'docs', seat: 'bot1', wentOut: false, error: `mcp_not_allowlisted:${svc(README)}` },
    'a refused read is on the trail, like a refused tool call',
  );
  t.match(
    rows.find((d) => d.kind === 'resource' && d.outcome === 'ok'),
    { server: 'docs', tool: README, wentOut: true, effect: 'read' },
  );
  t.match(
    rows.find((d) => d.kind === 'prompt' && d.outcome === 'ok'),
    { server: 'docs', tool: 'review', wentOut: true },
  );
  t.match(
    rows.find((d) => d.kind === 'completion' && d.outcome === 'ok'),
    { server: 'docs', wentOut: true },
  );
  t.ok(
    rows.some((d) => d.kind === 'prompt' && d.outcome === 'refused' && d.tool === 'hidden'),
    'a refused get names the prompt',
  );
  const policy = await sys.store.em().fork().find(AuditEvent, { type: 'ExternalMcpToolPolicyChanged' });
  t.ok(
    policy.some((r) => (r.data as any).kind === 'resource' && (r.data as any).tool === README && (r.data as any).change === 'allowed'),
    'the allow is audited with its kind',
  );
}

t.test('embedded bus', async (t) => federation(t, {}));

t.test('JetStream and PostgreSQL', { skip: (await skipUnless('nats', 'postgres')) ?? false }, async (t) =>
  federation(t, { nats: true, postgres: true }),
);

t.test('svc mcp allow, deny and clear take --resource and --prompt; svc mcp servers shows them', async (t) => {
  const fake = await startHttpMcp(t, [], { register });
  const sys = await startSystem(t);
  t.equal((await req(sys.url, 'POST', '/mcp/servers/attach', { id: 'docs', transport: 'http', url: fake.url })).status, 200);
  // Not spawnSync: the server answering the CLI runs in this very process.
  const svcCli = (...args: string[]) =>
    promisify(execFile)(process.execPath, [repoPath('dist/cli/main.js'), 'mcp', ...args], { env: { ...process.env, SVC_URL: sys.url } });
  t.match((await svcCli('allow', `docs.${README}`, '--resource')).stdout, `resource docs.${README} at workspace: rule set (allowed)`);
  t.match((await svcCli('allow', 'docs.review', '--prompt')).stdout, 'prompt docs.review at workspace: rule set (allowed)');
  t.match((await svcCli('deny', 'docs.review', '--prompt', '--scope', 'crew:web')).stdout, 'rule set (denied)');
  t.match((await svcCli('clear', 'docs.review', '--prompt', '--scope', 'crew:web')).stdout, 'rule cleared');
  await t.rejects(svcCli('allow', 'docs.review', '--prompt', '--resource'), { code: 2 }, 'one kind at a time');
  const listed = (await svcCli('servers')).stdout;
  t.match(listed, new RegExp(`docs\\.${README.replace(/[.]/g, '\\.')}\\s+resource\\s+allowed`));
  t.match(listed, /docs\.review\s+prompt\s+allowed/);
});
