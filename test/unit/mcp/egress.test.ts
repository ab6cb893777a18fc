/** The egress policy table (docs/mcp.md "Egress policy"), row by row, in self-host and hosted mode (no network). */
import t from 'tap';
import { checkServer, checkUrl, describePolicy, egressPolicy, type EgressPolicy } from '../../../actors/mcp-dispatch/egress.js';
import type { McpSettings } from '../../../schemas/mcp.js';

const base: McpSettings = {
  servers: [],
  refreshMinutes: 60,
  auditArgs: false,
  hosted: false,
  allowHosts: undefined,
  allowStdio: undefined,
  allowLoopback: false,
  allowEnv: undefined,
  maxConcurrency: 64,
};
const policy = (o: Partial<McpSettings> = {}): EgressPolicy => egressPolicy({ ...base, ...o });
const rule = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (e) {
    return (e as { detail?: string }).detail;
  }
};
const stdio = { id: 's', transport: 'stdio' as const, command: '/bin/true' };
const http = (url: string, extra = {}) => ({ id: 'h', transport: 'http' as const, url, ...extra });

t.test('stdio servers', async (t) => {
  t.equal(
    rule(() => checkServer(policy(), stdio, 'operator')),
    undefined,
    'self-host: allowed',
  );
  t.equal(
    rule(() => checkServer(policy({ allowStdio: false }), stdio, 'operator')),
    'stdio_refused',
    'self-host with SVC_MCP_ALLOW_STDIO=0',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true }), stdio, 'operator')),
    'stdio_refused',
    'hosted: refused',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true, allowStdio: true }), stdio, 'operator')),
    undefined,
    'hosted with SVC_MCP_ALLOW_STDIO=1',
  );
});

t.test('http hosts', async (t) => {
  t.equal(
    rule(() => checkUrl(policy(), 'https://mcp.example.com/x')),
    undefined,
    'self-host: anywhere',
  );
  const listed = policy({ allowHosts: ['mcp.example.com', '*.corp.example:8443'] });
  t.equal(
    rule(() => checkUrl(listed, 'https://other.example.com/')),
    'host_not_allowlisted',
    'self-host: only the allowlist once written',
  );
  t.equal(
    rule(() => checkUrl(listed, 'https://mcp.example.com:9999/')),
    undefined,
    'an entry without port allows any port',
  );
  t.equal(
    rule(() => checkUrl(listed, 'https://a.b.corp.example:8443/')),
    undefined,
    '*.<domain> matches any depth',
  );
  t.equal(
    rule(() => checkUrl(listed, 'https://corp.example:8443/')),
    'host_not_allowlisted',
    '*.<domain> does not match the bare domain',
  );
  t.equal(
    rule(() => checkUrl(listed, 'https://a.corp.example/')),
    'host_not_allowlisted',
    'a pinned port is enforced',
  );
  t.equal(
    rule(() => checkUrl(listed, 'https://evilcorp.example:8443/')),
    'host_not_allowlisted',
    'no suffix confusion',
  );
  t.equal(
    rule(() => checkUrl(policy({ hosted: true }), 'https://mcp.example.com/')),
    'no_allowlist',
    'hosted with no allowlist: nothing',
  );
  t.match(describePolicy(policy({ hosted: true })).notes, [/no http host is reachable/], 'and the policy says so');
  t.equal(
    rule(() => checkUrl(policy({ hosted: true, allowHosts: ['mcp.example.com'] }), 'https://mcp.example.com/')),
    undefined,
  );
});

t.test('loopback and plain http', async (t) => {
  t.equal(
    rule(() => checkUrl(policy(), 'http://127.0.0.1:9/')),
    undefined,
    'self-host: loopback over http',
  );
  t.equal(
    rule(() => checkUrl(policy(), 'http://localhost:9/')),
    undefined,
  );
  t.equal(
    rule(() => checkUrl(policy(), 'http://[::1]:9/')),
    undefined,
  );
  t.equal(
    rule(() => checkUrl(policy({ hosted: true }), 'http://127.0.0.1:9/')),
    'loopback_refused',
    'hosted: refused',
  );
  t.equal(
    rule(() => checkUrl(policy({ hosted: true, allowLoopback: true }), 'http://127.0.0.1:9/')),
    undefined,
    'hosted with SVC_MCP_ALLOW_LOOPBACK=1',
  );
  t.equal(
    rule(() => checkUrl(policy(), 'http://mcp.example.com/')),
    'https_required',
    'https only except loopback',
  );
  t.equal(
    rule(() => checkUrl(policy(), 'ftp://mcp.example.com/')),
    'https_required',
  );
});

t.test('credential env var names on a runtime attach', async (t) => {
  const bearer = http('https://mcp.example.com/', { auth: { kind: 'bearer', tokenEnv: 'GH_TOKEN' } });
  t.equal(
    rule(() => checkServer(policy(), bearer, 'operator')),
    undefined,
    'self-host: any name',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true, allowHosts: ['mcp.example.com'] }), bearer, 'operator')),
    'env_not_allowed',
    'hosted: empty means none',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true, allowHosts: ['mcp.example.com'], allowEnv: ['GH_*'] }), bearer, 'operator')),
    undefined,
    'PREFIX_*',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true, allowHosts: ['mcp.example.com'], allowEnv: ['GH_TOKEN'] }), bearer, 'operator')),
    undefined,
    'exact NAME',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true, allowHosts: ['mcp.example.com'], allowEnv: ['GH_TOKENX'] }), bearer, 'operator')),
    'env_not_allowed',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true, allowHosts: ['mcp.example.com'] }), bearer, 'boot')),
    undefined,
    'boot config is not a runtime attach',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true, allowStdio: true }), { ...stdio, env: ['HOME'] }, 'operator')),
    'env_not_allowed',
    'stdio child env names too',
  );
});

t.test("the orchestrator's own environment is never passed on", async (t) => {
  const withEnv = (tokenEnv: string) => http('https://mcp.example.com/', { auth: { kind: 'bearer', tokenEnv } });
  for (const name of [
    'SVC_ORCH_TOKEN',
    'SVC_SESSION_KEY',
    'SVC_ANYTHING_NEW',
    'DATABASE_URL',
    'NATS_URL',
    'OPENAI_API_KEY',
    'ANTHROPIC_API_KEY',
  ]) {
    for (const by of ['boot', 'operator', 'workspace'] as const) {
      t.equal(
        rule(() => checkServer(policy({ allowEnv: ['*_*', name, 'SVC_*'] }), withEnv(name), by)),
        'env_reserved',
        `${name} as tokenEnv (${by})`,
      );
      t.equal(
        rule(() => checkServer(policy(), { ...stdio, env: ['PATH', name] }, by === 'workspace' ? 'operator' : by)),
        'env_reserved',
        `${name} in a stdio env (${by})`,
      );
    }
  }
  t.equal(
    rule(() => checkServer(policy(), withEnv('GH_TOKEN'), 'operator')),
    undefined,
    'an ordinary name stays open to the operator on self-host',
  );
});

t.test('a workspace attach reads only SVC_MCP_ALLOW_ENV names and starts no child', async (t) => {
  const bearer = http('https://mcp.example.com/', { auth: { kind: 'bearer', tokenEnv: 'GH_TOKEN' } });
  t.equal(
    rule(() => checkServer(policy(), bearer, 'workspace')),
    'env_not_allowed',
    'self-host with SVC_MCP_ALLOW_ENV unset: none',
  );
  t.equal(
    rule(() => checkServer(policy({ allowEnv: [] }), bearer, 'workspace')),
    'env_not_allowed',
    'empty: none',
  );
  t.equal(
    rule(() => checkServer(policy({ allowEnv: ['GH_*'] }), bearer, 'workspace')),
    undefined,
    'listed: allowed',
  );
  t.equal(
    rule(() => checkServer(policy(), stdio, 'workspace')),
    'stdio_operator_only',
  );
  t.equal(
    rule(() => checkServer(policy({ hosted: true, allowStdio: true }), stdio, 'workspace')),
    'stdio_operator_only',
  );
});

t.test('rules in both modes', async (t) => {
  for (const hosted of [false, true]) {
    const p = policy({ hosted, allowHosts: ['*.example.com', '10.0.0.1'], allowLoopback: true });
    t.equal(
      rule(() => checkUrl(p, 'https://user:pw@a.example.com/')),
      'embedded_credential',
    );
    t.equal(
      rule(() => checkUrl(p, 'https://10.0.0.1/')),
      'private_address',
      'private refused even when allowlisted',
    );
    t.equal(
      rule(() => checkUrl(p, 'https://169.254.169.254/')),
      'private_address',
    );
  }
});
