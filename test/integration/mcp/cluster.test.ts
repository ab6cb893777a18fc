/**
 * Attached MCP servers on the real stack: runtime servers and rules survive a restart on PostgreSQL, a stored
 * server the current egress policy refuses is not restored (and the refusal is audited), and on
 * two processes sharing JetStream + PostgreSQL an attach through one gateway is visible and
 * callable through the other while the refresh sweep runs once per window.
 */
import t from 'tap';
import { startSystem, dropSchema, dropStreams } from '../../helpers/system.js';
import { skipUnless, uniqueName } from '../../helpers/services.js';
import { startHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { AuditEvent } from '../../../store/entities/AuditEvent.js';
import { McpServer } from '../../../store/entities/McpServer.js';

t.test('restart on PostgreSQL', { skip: (await skipUnless('postgres')) ?? false }, async (t) => {
  const schema = uniqueName('t_mcp_');
  t.teardown(() => dropSchema(schema));
  const fake = await startHttpMcp(t);
  const first = await startSystem(t, { postgres: { schema } });
  await req(first.url, 'POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url });
  await req(first.url, 'PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' });
  await req(first.url, 'PUT', '/mcp/servers/tools', { server: 'gh', tool: 'delete_repo', enabled: false });
  await first.close();

  const second = await startSystem(t, { postgres: { schema } });
  const tools = (await req(second.url, 'GET', '/mcp/servers')).body.servers[0]?.tools ?? [];
  t.match(
    tools.find((x: any) => x.name === 'echo'),
    { state: 'allowed' },
    'server and rules restored',
  );
  t.match(
    tools.find((x: any) => x.name === 'delete_repo'),
    { state: 'disabled' },
  );
  t.equal((await req(second.url, 'POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: { a: 1 } })).status, 200);
  await second.close();

  const third = await startSystem(t, { postgres: { schema }, env: { SVC_MCP_HOSTED: '1' } });
  t.same((await req(third.url, 'GET', '/mcp/servers')).body.servers, [], 'refused by the current policy: not restored');
  const rows = await third.store.em().find(AuditEvent, { type: 'ExternalMcpServerChange' });
  t.match(
    rows.map((r) => r.data).filter((d) => d.change === 'not_restored'),
    [{ server: 'gh', rule: 'loopback_refused' }],
    'the refusal is on the audit trail',
  );
});

t.test('SVC_MCP_SERVERS wins over a stored runtime server of the same id', { skip: (await skipUnless('postgres')) ?? false }, async (t) => {
  const schema = uniqueName('t_mcp_');
  t.teardown(() => dropSchema(schema));
  const runtime = await startHttpMcp(t);
  const boot = await startHttpMcp(t, [{ name: 'from_boot' }]);
  const first = await startSystem(t, { postgres: { schema } });
  t.equal((await req(first.url, 'POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: runtime.url })).status, 200);
  await first.close();

  const second = await startSystem(t, {
    postgres: { schema },
    env: { SVC_MCP_SERVERS: JSON.stringify([{ id: 'gh', transport: 'http', url: boot.url }]) },
  });
  const servers = (await req(second.url, 'GET', '/mcp/servers')).body.servers;
  t.match(servers, [{ id: 'gh', origin: 'boot', url: boot.url }], 'one server of that id, the boot one');
  t.equal(servers.length, 1);
  t.same(
    servers[0].tools.map((x: any) => x.name),
    ['from_boot'],
  );
  t.equal(await second.store.em().count(McpServer, {}), 0, 'the stored row is gone');
  const rows = await second.store.em().find(AuditEvent, { type: 'ExternalMcpServerChange' });
  t.match(
    rows.map((r) => r.data).filter((d) => d.change === 'not_restored'),
    [{ server: 'gh', rule: 'boot_config_id' }],
    'and the drop is audited',
  );
});

t.test('two processes on JetStream + PostgreSQL', { skip: (await skipUnless('postgres', 'nats')) ?? false }, async (t) => {
  const schema = uniqueName('t_mcp_');
  const prefix = uniqueName('t');
  t.teardown(() => dropSchema(schema));
  t.teardown(() => dropStreams(prefix));
  const fake = await startHttpMcp(t);
  const env = { SVC_CLOCK_TICK_MS: '400', SVC_MCP_REFRESH_MINUTES: '1' };
  const a = await startSystem(t, { postgres: { schema }, nats: { prefix }, env });
  const b = await startSystem(t, { postgres: { schema }, nats: { prefix }, env });
  const events: string[] = [];
  const sub = await a.bus.tail('ExternalMcpDiscovered', (e) => events.push(e.type));
  t.teardown(() => sub.unsubscribe());
  t.equal((await req(a.url, 'POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url })).status, 200);
  t.match((await req(b.url, 'GET', '/mcp/servers')).body.servers, [{ id: 'gh', blockedCount: 6 }], 'visible through the other gateway');
  await req(b.url, 'PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' });
  t.equal((await req(a.url, 'POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} })).status, 200);
  t.equal((await req(b.url, 'POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} })).status, 200);

  await new Promise((r) => setTimeout(r, 3000));
  const rows = await a.store.em().find(AuditEvent, { type: 'ExternalMcpDiscovered' });
  const sweeps = rows.map((r) => r.data).filter((d) => d.trigger === 'sweep');
  const windows = sweeps.map((d) => d.window as number);
  t.ok(windows.length >= 3, `the sweep ran (${windows.length} passes)`);
  t.equal(new Set(windows).size, windows.length, 'once per window across both processes');
  t.ok(events.length >= windows.length, 'published as svc.evt.ExternalMcpDiscovered');
});
