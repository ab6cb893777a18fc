/**
 * Attached MCP servers against a real third-party server: `@modelcontextprotocol/server-everything` over
 * stdio, as a boot server (SVC_MCP_SERVERS) and a runtime attach. `command` is this node binary
 * (absolute), args are the package bin and `stdio`, and the child gets only PASSED_ONE. The child
 * may be kept between calls, so "never reaches the server" is counted as tools/call requests
 * written to the stdin of any child of that bin.
 */
import { createRequire, syncBuiltinESMExports } from 'node:module';
import t from 'tap';
import { repoPath } from '../../helpers/paths.js';
import { startSystem } from '../../helpers/system.js';
import { req } from '../../helpers/http.js';
import { callAudit } from '../../helpers/mcp-audit.js';

const TOKEN = 'operator-token-0123456789';
const EVERYTHING = repoPath('node_modules/@modelcontextprotocol/server-everything/dist/index.js');
const server = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  transport: 'stdio',
  command: process.execPath,
  args: [EVERYTHING, 'stdio'],
  env: ['PASSED_ONE'],
  timeoutMs: 4000,
  maxResponseBytes: 64 * 1024,
  ...extra,
});

// Count tools/call requests written to children of the everything bin.
const cp = createRequire(import.meta.url)('node:child_process') as typeof import('node:child_process');
const originalSpawn = cp.spawn;
let callsSent = 0;
cp.spawn = ((command: string, args?: readonly string[], ...rest: unknown[]) => {
  const child = (originalSpawn as (...a: unknown[]) => import('node:child_process').ChildProcess)(command, args, ...rest);
  if (Array.isArray(args) && args.includes(EVERYTHING) && child.stdin) {
    const write = child.stdin.write.bind(child.stdin) as (...a: unknown[]) => boolean;
    child.stdin.write = ((chunk: unknown, ...more: unknown[]) => {
      if (String(chunk).includes('"method":"tools/call"')) callsSent++;
      return write(chunk, ...more);
    }) as typeof child.stdin.write;
  }
  return child;
}) as typeof cp.spawn;
syncBuiltinESMExports();
t.teardown(() => {
  cp.spawn = originalSpawn;
  syncBuiltinESMExports();
});

process.env.SVC_TEST_CANARY = 'canary-should-not-leak';
t.teardown(() => {
  delete process.env.SVC_TEST_CANARY;
});
const sys = await startSystem(t, {
  env: {
    SVC_ORCH_TOKEN: TOKEN,
    PASSED_ONE: 'p1',
    SVC_TEST_CANARY: 'canary-should-not-leak',
    SVC_MCP_SERVERS: JSON.stringify([server('ev')]),
    SVC_ORG: JSON.stringify({ alice: { crews: ['guild'] } }),
  },
});
const call = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, TOKEN);
const invoke = (tool: string, args: Record<string, unknown> = {}, as?: string) =>
  call('POST', '/mcp/call', { name: `mcp__ev__${tool}`, arguments: args, ...(as ? { as } : {}) });
const rule = (r: Record<string, unknown>) => call('PUT', '/mcp/servers/tools', { server: 'ev', ...r });

t.test('discovery records every tool blocked (boot and runtime attach)', async (t) => {
  const list = await call('GET', '/mcp/servers');
  const ev = list.body.servers.find((s: any) => s.id === 'ev');
  t.match(ev, { origin: 'boot', transport: 'stdio' });
  const names = ev.tools.map((x: any) => x.name);
  for (const n of ['echo', 'get-env', 'get-sum', 'trigger-long-running-operation']) t.ok(names.includes(n), `discovered ${n}`);
  t.same(
    ev.tools.filter((x: any) => x.state !== 'blocked'),
    [],
    'all blocked',
  );
  t.equal(ev.blockedCount, names.length);
  t.same(
    (await call('GET', '/mcp/tools')).body.tools.filter((x: any) => x.kind === 'external'),
    [],
    'nothing callable',
  );
  const a = await call('POST', '/mcp/servers/attach', server('ev-runtime'));
  t.equal(a.status, 200);
  t.same(a.body.discovery.added, [...names].sort(), 'the runtime attach discovers the same tools');
  t.same(
    a.body.tools.filter((x: any) => x.state !== 'blocked'),
    [],
  );
  const before = callsSent;
  const r = await invoke('echo', { message: 'hi' });
  t.equal(r.status, 403);
  t.equal(r.body.error, 'tool_not_allowlisted:ev.echo');
  t.equal(callsSent, before, 'refused before anything was sent to a child');
  t.match(await callAudit(sys.store, r), { server: 'ev', tool: 'echo', outcome: 'refused', wentOut: false });
});

t.test('allow, deny and clear per scope', async (t) => {
  t.equal((await rule({ tool: 'echo', enabled: true, effect: 'read' })).status, 200);
  const ok = await invoke('echo', { message: 'hi' }, 'alice');
  t.equal(ok.status, 200);
  t.match(ok.body, { status: 'ok', untrusted: true, result: { content: [{ type: 'text', text: 'Echo: hi' }] } });
  await rule({ tool: '*', enabled: false, scope: { level: 'crew', ref: 'guild' } });
  t.equal((await invoke('echo', { message: 'x' }, 'alice')).body.error, 'tool_not_allowlisted:ev.echo', 'crew kill switch');
  t.equal((await invoke('echo', { message: 'x' }, 'bob')).status, 200, 'bob is not in the guild');
  await rule({ tool: 'echo', enabled: false, scope: { level: 'agent', ref: 'bob' } });
  t.equal((await invoke('echo', { message: 'x' }, 'bob')).status, 403, 'agent deny');
  await rule({ tool: 'echo', scope: { level: 'agent', ref: 'bob' } });
  t.equal((await invoke('echo', { message: 'x' }, 'bob')).status, 200, 'agent rule cleared: inherits the workspace allow');
  await rule({ tool: '*', scope: { level: 'crew', ref: 'guild' } });
  t.equal((await invoke('echo', { message: 'x' }, 'alice')).status, 200, 'crew rule cleared');
  await rule({ tool: 'echo', enabled: false });
  t.equal((await invoke('echo', { message: 'x' }, 'alice')).status, 403, 'workspace deny');
  await rule({ tool: 'echo' });
  const cleared = await call('GET', '/mcp/servers?as=alice');
  t.match(
    cleared.body.servers.find((s: any) => s.id === 'ev').tools.find((x: any) => x.name === 'echo'),
    { state: 'blocked' },
    'cleared: blocked again',
  );
});

t.test('a wildcard enable is 400 in every scope', async (t) => {
  for (const scope of [undefined, { level: 'crew', ref: 'guild' }, { level: 'agent', ref: 'alice' }]) {
    const r = await rule({ tool: '*', enabled: true, ...(scope ? { scope } : {}) });
    t.equal(r.status, 400);
    t.same(r.body, { error: 'mcp_wildcard_enable:ev.*', message: 'rule `ev.*` cannot enable: a wildcard may only narrow' });
  }
});

t.test('write modes: deny and ask never start the server; auto calls it', async (t) => {
  await rule({ tool: 'get-sum', enabled: true, effect: 'write', mode: 'deny' });
  let before = callsSent;
  const deny = await invoke('get-sum', { a: 1, b: 2 });
  t.equal(deny.status, 403);
  t.equal(deny.body.error, 'mcp_mode_denied:ev.get-sum:deny');
  t.equal(callsSent, before, 'nothing was sent to a child');
  t.match(await callAudit(sys.store, deny), { tool: 'get-sum', outcome: 'refused', wentOut: false, mode: 'deny', effect: 'write' });
  await rule({ tool: 'get-sum', enabled: true, effect: 'write', mode: 'ask' });
  const ask = await invoke('get-sum', { a: 1, b: 2 });
  t.equal(ask.body.error, 'mcp_mode_denied:ev.get-sum:ask_unavailable');
  t.equal(callsSent, before);
  await rule({ tool: 'get-sum', enabled: true, effect: 'write', mode: 'auto' });
  before = callsSent;
  const auto = await invoke('get-sum', { a: 1, b: 2 });
  t.equal(auto.status, 200);
  t.match(auto.body.result.content[0].text, /3/);
  t.equal(callsSent, before + 1, 'the auto write reached the server');
});

t.test('bounded: the long-running tool times out; an oversize answer is cut off', async (t) => {
  await rule({ tool: 'trigger-long-running-operation', enabled: true, effect: 'read' });
  await rule({ tool: 'echo', enabled: true, effect: 'read' });
  const started = Date.now();
  const slow = await invoke('trigger-long-running-operation', { duration: 20, steps: 1 });
  t.equal(slow.status, 504);
  t.equal(slow.body.error, 'mcp_call_timeout:ev');
  t.ok(Date.now() - started < 8000, `gave up at timeoutMs (${Date.now() - started} ms)`);
  t.match(await callAudit(sys.store, slow), { outcome: 'failed', wentOut: true, error: 'mcp_call_timeout:ev' });
  const big = await invoke('echo', { message: 'y'.repeat(100 * 1024) });
  t.equal(big.status, 502);
  t.equal(big.body.error, 'mcp_response_too_large:ev');
  t.equal((await invoke('echo', { message: 'y'.repeat(1024) })).status, 200, 'under the bound it answers');
});

t.test('env isolation: the child sees only the named variables', async (t) => {
  await rule({ tool: 'get-env', enabled: true, effect: 'read' });
  const r = await invoke('get-env');
  t.equal(r.status, 200);
  const env = JSON.parse(r.body.result.content[0].text) as Record<string, string>;
  // tap's process-info hook patches spawn in this test process and adds its own variables to
  // every child; they are the harness's, not the orchestrator's.
  const harness = (k: string) => k.startsWith('_TAPJS_PROCESSINFO_') || (k === 'NODE_OPTIONS' && env[k]!.includes('@tapjs/processinfo'));
  t.same(Object.fromEntries(Object.entries(env).filter(([k]) => !harness(k))), { PASSED_ONE: 'p1' }, 'exactly PASSED_ONE');
  t.notOk('SVC_TEST_CANARY' in env, 'the canary in the orchestrator env is absent');
  t.notOk('PATH' in env || 'HOME' in env, 'not even PATH or HOME');
  t.notOk(JSON.stringify(env).includes(TOKEN), 'no orchestrator token');
});

t.test('a flow passes typed arguments to a real server and reads its text; a mismatch never reaches it', async (t) => {
  await rule({ tool: 'get-sum', enabled: true, effect: 'read' });
  const run = async (args: Record<string, unknown>) =>
    (
      await call('POST', '/flows/run', {
        flow: {
          id: 'sum',
          steps: [
            { id: 'sum', kind: 'tool', tool: 'mcp__ev__get-sum', args },
            { id: 'say', kind: 'tool', tool: 'svc_echo', args: { text: '{{steps.sum.text}}' } },
          ],
        },
      })
    ).body;
  const ok = await run({ a: 2, b: 3.5 });
  t.equal(ok.status, 'completed', JSON.stringify(ok).slice(0, 400));
  const { outputs } = (await call('GET', `/flows/runs/state?runId=${ok.id}`)).body;
  t.match(outputs.say.text, /5\.5/);
  t.notMatch(outputs.say.text, /"content"/, 'the text content, not the result JSON');
  const before = callsSent;
  const bad = await run({ a: 'two', b: 3 });
  t.equal(bad.status, 'error');
  t.match(bad.error, { code: 'mcp_arguments_invalid', message: /args\.a must be number/ });
  t.equal(callsSent, before, 'refused before anything was sent to the child');
});
