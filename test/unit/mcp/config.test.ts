/** SVC_MCP_* and SVC_ORG are validated at start; a bad value names the variable. */
import t from 'tap';
import { ConfigError, loadConfig } from '../../../runtime/config.js';

const bad = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return undefined;
  } catch (e) {
    return e instanceof ConfigError ? e.variable : String(e);
  }
};

t.test('defaults', async (t) => {
  const c = loadConfig({});
  t.same(c.mcp, {
    servers: [],
    refreshMinutes: 60,
    auditArgs: false,
    hosted: false,
    allowHosts: undefined,
    allowStdio: undefined,
    allowLoopback: false,
    allowEnv: undefined,
    maxConcurrency: 64,
  });
  t.same(c.org, {});
  t.equal(c.readEnv('NOPE_NOT_SET'), undefined);
  t.equal(loadConfig({ X_TOKEN: 'v' }).readEnv('X_TOKEN'), 'v', 'read when asked');
});

t.test('valid settings', async (t) => {
  const c = loadConfig({
    SVC_MCP_SERVERS: JSON.stringify([{ id: 'gh', transport: 'http', url: 'https://mcp.example.com' }]),
    SVC_MCP_REFRESH_MINUTES: '0',
    SVC_MCP_HOSTED: '1',
    SVC_MCP_ALLOW_HOSTS: 'mcp.example.com, *.corp.example:8443',
    SVC_MCP_ALLOW_STDIO: '0',
    SVC_MCP_ALLOW_ENV: 'GH_*,TOKEN',
    SVC_ORG: '{"a":{"crews":["c1"]}}',
  });
  t.equal(c.mcp.servers[0]?.id, 'gh');
  t.equal(c.mcp.refreshMinutes, 0);
  t.same(c.mcp.allowHosts, ['mcp.example.com', '*.corp.example:8443']);
  t.equal(c.mcp.allowStdio, false);
  t.same(c.org, { a: { crews: ['c1'] } });
});

t.test('bad values stop the process naming the variable', async (t) => {
  t.equal(bad({ SVC_MCP_SERVERS: '[{"id":"Bad Id","transport":"http"}]' }), 'SVC_MCP_SERVERS');
  t.equal(bad({ SVC_MCP_SERVERS: '[{"id":"a","transport":"http"}]' }), 'SVC_MCP_SERVERS', 'http needs url');
  t.equal(
    bad({ SVC_MCP_SERVERS: '[{"id":"a","transport":"stdio","command":"/x"},{"id":"a","transport":"stdio","command":"/y"}]' }),
    'SVC_MCP_SERVERS',
    'repeated id',
  );
  t.equal(bad({ SVC_MCP_SERVERS: '/nonexistent/servers.json' }), 'SVC_MCP_SERVERS');
  t.equal(bad({ SVC_MCP_REFRESH_MINUTES: 'hourly' }), 'SVC_MCP_REFRESH_MINUTES');
  t.equal(bad({ SVC_MCP_HOSTED: 'yes' }), 'SVC_MCP_HOSTED');
  t.equal(bad({ SVC_MCP_ALLOW_HOSTS: 'https://x.com' }), 'SVC_MCP_ALLOW_HOSTS');
  t.equal(bad({ SVC_MCP_ALLOW_HOSTS: '*' }), 'SVC_MCP_ALLOW_HOSTS');
  t.equal(bad({ SVC_MCP_ALLOW_ENV: 'A-B' }), 'SVC_MCP_ALLOW_ENV');
  t.equal(bad({ SVC_MCP_MAX_CONCURRENCY: '0' }), 'SVC_MCP_MAX_CONCURRENCY');
  t.equal(bad({ SVC_ORG: '{"a":{"crews":"c1"}}' }), 'SVC_ORG');
});

t.test("SVC_ORG: a seat's role is one short id, anything else is refused naming the variable and the seat", async (t) => {
  t.same(loadConfig({ SVC_ORG: '{"0xAb":{"crews":[],"role":"treasurer"}}' }).org, { '0xAb': { crews: [], role: 'treasurer' } });
  for (const role of ['', 'two words', 'x'.repeat(65), 7]) {
    t.throws(
      () => loadConfig({ SVC_ORG: JSON.stringify({ seat: { crews: [], role } }) }),
      { name: 'ConfigError', variable: 'SVC_ORG', message: /role\?: <roleId>.*problem at \/seat\/role/ },
      JSON.stringify(role),
    );
  }
});
