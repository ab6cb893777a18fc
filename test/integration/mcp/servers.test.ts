/**
 * Attached MCP servers end to end against real ones (an SDK Streamable HTTP server on 127.0.0.1 and
 * the stdio fixture child), through the real gateway, bus and store of one `svc serve`.
 */
import t, { type Test } from 'tap';
import { startSystem, type TestSystem } from '../../helpers/system.js';
import { DEFAULT_TOOLS, startHttpMcp, startStatefulHttpMcp, STDIO_FIXTURE, type FakeHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { callAudit } from '../../helpers/mcp-audit.js';
import { AuditEvent } from '../../../store/entities/AuditEvent.js';

const TOKEN = 'operator-token-0123456789';

async function audits(sys: TestSystem, type: string): Promise<Record<string, any>[]> {
  const rows = await sys.store.em().find(AuditEvent, { type }, { orderBy: { id: 'asc' } });
  return rows.map((r) => r.data);
}

async function setup(
  t: Test,
  env: Record<string, string> = {},
): Promise<{ sys: TestSystem; fake: FakeHttpMcp; call: (m: string, p: string, b?: unknown, tok?: string) => ReturnType<typeof req> }> {
  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: TOKEN, ...env } });
  const call = (m: string, p: string, b?: unknown, tok = TOKEN) => req(sys.url, m, p, b, tok);
  const a = await call('POST', '/mcp/servers/attach', {
    id: 'gh',
    transport: 'http',
    url: fake.url,
    timeoutMs: 1500,
    maxResponseBytes: 256 * 1024,
  });
  t.equal(a.status, 200, 'attached');
  return { sys, fake, call };
}

t.test('POST /mcp/servers/attach', async (t) => {
  t.test('discovery records every tool blocked and audits the change', async (t) => {
    const { sys, fake, call } = await setup(t);
    const list = await call('GET', '/mcp/servers');
    const gh = list.body.servers.find((s: any) => s.id === 'gh');
    t.same(
      gh.tools.map((x: any) => x.state),
      gh.tools.map(() => 'blocked'),
    );
    t.equal(gh.blockedCount, 6);
    t.equal(gh.origin, 'runtime');
    t.equal(list.body.egress.mode, 'self-host');
    t.same(fake.calls(), [], 'no tool was called');
    const d = await audits(sys, 'ExternalMcpDiscovered');
    t.same(d[0]?.added, ['big', 'create_issue', 'delete_repo', 'echo', 'endless', 'slow']);
    t.match(await audits(sys, 'ExternalMcpServerChange'), [{ server: 'gh', change: 'attached' }]);
    t.ok(
      sys.logs.some((l) => /6 new tool\(s\) of gh recorded blocked/.test(l)),
      'a log line counts the new blocked tools',
    );
    const tools = await call('GET', '/mcp/tools');
    t.same(
      tools.body.tools.filter((x: any) => x.kind === 'external'),
      [],
      'nothing callable',
    );
    t.ok(
      ['svc_org_tree', 'svc_pending_intents', 'svc_echo'].every((n) => tools.body.tools.some((x: any) => x.name === n)),
      'first-party tools listed',
    );
  });

  t.test('an agent may not attach; a credential value has no field', async (t) => {
    const fake = await startHttpMcp(t);
    const sys = await startSystem(t, {
      env: { SVC_ORCH_TOKEN: TOKEN, SVC_IDENTITIES: JSON.stringify([{ token: 'agent-token-0123456789', seat: 'bot1', kind: 'agent' }]) },
    });
    const r = await req(sys.url, 'POST', '/mcp/servers/attach', { id: 'x', transport: 'http', url: fake.url }, 'agent-token-0123456789');
    t.equal(r.status, 403);
    t.equal(r.body.error, 'mcp_scope_forbidden');
    const r2 = await req(
      sys.url,
      'POST',
      '/mcp/servers/attach',
      { id: 'x', transport: 'http', url: fake.url, auth: { kind: 'bearer', token: 'abc' } },
      TOKEN,
    );
    t.equal(r2.status, 400);
    t.equal(r2.body.error, 'invalid_request');
  });
});

t.test('PUT /mcp/servers/tools', async (t) => {
  t.test('allow, deny and clear at every scope; exact beats * at one level', async (t) => {
    const { call, fake } = await setup(t, { SVC_ORG: JSON.stringify({ alice: { crews: ['crew-a', 'guild'] } }) });
    const state = async (as: string, tool = 'echo') =>
      (await call('GET', `/mcp/servers?as=${as}`)).body.servers[0].tools.find((x: any) => x.name === tool);
    t.equal((await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' })).status, 200);
    t.match(await state('alice'), { state: 'allowed', effect: 'read', classified: true, decidedBy: 'workspace' });
    // crew kill switch
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: '*', enabled: false, scope: { level: 'crew', ref: 'guild' } });
    t.match(await state('alice'), { state: 'disabled', decidedBy: 'crew:guild' });
    t.match(await state('bob'), { state: 'allowed' }, 'bob is not in the guild');
    // an agent rule cannot re-admit what a broader level disabled
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, scope: { level: 'agent', ref: 'alice' } });
    t.match(await state('alice'), { state: 'disabled' });
    // clearing the crew rule lets the tool inherit again
    const cleared = await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: '*', scope: { level: 'crew', ref: 'guild' } });
    t.same(cleared.body, { change: 'cleared', rule: { server: 'gh', tool: '*', scope: { level: 'crew', ref: 'guild' } } });
    t.match(await state('alice'), { state: 'allowed', decidedBy: 'agent:alice' });
    // at one level an exact name beats *
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: '*', enabled: false, scope: { level: 'agent', ref: 'carol' } });
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'create_issue', enabled: true, scope: { level: 'agent', ref: 'carol' } });
    t.match(await state('carol', 'create_issue'), { state: 'blocked' }, 'an agent allow admits nothing the workspace has not');
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'create_issue', enabled: true });
    t.match(await state('carol', 'create_issue'), {
      state: 'allowed',
      decidedBy: 'agent:carol',
      effect: 'write',
      classified: false,
      mode: 'ask',
    });
    t.match(await state('carol', 'echo'), { state: 'disabled' });
    // workspace deny
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: false });
    t.match(await state('bob'), { state: 'disabled', decidedBy: 'workspace' });
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo' });
    t.match(await state('bob'), { state: 'blocked' });
    t.same(fake.calls(), []);
  });

  t.test('400 for a wildcard enable in every scope, with the spec message', async (t) => {
    const { call } = await setup(t);
    for (const scope of [undefined, { level: 'crew', ref: 'c1' }, { level: 'agent', ref: 'a1' }]) {
      const r = await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: '*', enabled: true, ...(scope ? { scope } : {}) });
      t.equal(r.status, 400);
      t.same(r.body, { error: 'mcp_wildcard_enable:gh.*', message: 'rule `gh.*` cannot enable: a wildcard may only narrow' });
    }
  });

  t.test('effect only at workspace scope; a crew mode only tightens', async (t) => {
    const { call } = await setup(t, { SVC_ORG: JSON.stringify({ alice: { crews: ['crew-a'] } }) });
    const r = await call('PUT', '/mcp/servers/tools', {
      server: 'gh',
      tool: 'create_issue',
      enabled: true,
      effect: 'read',
      scope: { level: 'crew', ref: 'crew-a' },
    });
    t.equal(r.status, 400);
    t.equal(r.body.error, 'invalid_request');
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'create_issue', enabled: true, effect: 'write', mode: 'ask' });
    await call('PUT', '/mcp/servers/tools', {
      server: 'gh',
      tool: 'create_issue',
      enabled: true,
      mode: 'auto',
      scope: { level: 'crew', ref: 'crew-a' },
    });
    const tool = async (as: string) =>
      (await call('GET', `/mcp/servers?as=${as}`)).body.servers[0].tools.find((x: any) => x.name === 'create_issue');
    t.match(await tool('alice'), { mode: 'ask' }, 'auto at crew cannot loosen ask');
    await call('PUT', '/mcp/servers/tools', {
      server: 'gh',
      tool: 'create_issue',
      enabled: true,
      mode: 'deny',
      scope: { level: 'crew', ref: 'crew-a' },
    });
    t.match(await tool('alice'), { mode: 'deny' }, 'deny tightens');
    t.match(await tool('bob'), { mode: 'ask' });
    // with no workspace mode the implicit ask holds too
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'create_issue', enabled: true });
    await call('PUT', '/mcp/servers/tools', {
      server: 'gh',
      tool: 'create_issue',
      enabled: true,
      mode: 'auto',
      scope: { level: 'crew', ref: 'crew-a' },
    });
    t.match(await tool('alice'), { mode: 'ask' }, 'auto at crew cannot loosen the implicit ask');
    const c = await call('POST', '/mcp/call', { name: 'mcp__gh__create_issue', arguments: {}, as: 'alice' });
    t.equal(c.body.error, 'mcp_mode_denied:gh.create_issue:ask_unavailable', 'and the call is refused as an ask');
  });
});

t.test('POST /mcp/call', async (t) => {
  t.test('refused before any network use; audited', async (t) => {
    const { sys, fake, call } = await setup(t);
    const before = fake.seen.length;
    const r = await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: { q: 'x' } });
    t.equal(r.status, 403);
    t.same(r.body, { error: 'tool_not_allowlisted:gh.echo', message: 'tool is not allowlisted for this seat' });
    t.equal(fake.seen.length, before, 'the server saw no request at all');
    t.match(await callAudit(sys.store, r), {
      server: 'gh',
      tool: 'echo',
      outcome: 'refused',
      wentOut: false,
      effect: 'write',
      error: 'tool_not_allowlisted:gh.echo',
    });
    const u = await call('POST', '/mcp/call', { name: 'mcp__nope__echo', arguments: {} });
    t.equal(u.status, 404);
    t.equal(u.body.error, 'unknown_external_mcp_tool:nope.echo');
    const bad = await call('POST', '/mcp/call', { name: 'gh.echo', arguments: {} });
    t.equal(bad.body.error, 'unknown_external_mcp_tool:gh.echo');
    const terminated = sys.logs.filter((l) => l.includes('mcp call refused'));
    t.ok(terminated.length >= 3, 'each refusal is logged');
    t.same(
      terminated.filter((l) => !l.includes('"level":30')),
      [],
      'at info: a refusal is an ordinary answer, not a warning',
    );
  });

  t.test('a read is called and flagged untrusted; argument keys only with SVC_MCP_AUDIT_ARGS=1', async (t) => {
    const { sys, fake, call } = await setup(t, { SVC_MCP_AUDIT_ARGS: '1' });
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true, effect: 'read' });
    const r = await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: { secretish: 'VALUE-123', b: 2 } });
    t.equal(r.status, 200);
    t.match(r.body, {
      status: 'ok',
      name: 'mcp__gh__echo',
      untrusted: true,
      result: { content: [{ type: 'text', text: '{"secretish":"VALUE-123","b":2}' }] },
    });
    t.same(fake.calls(), ['echo']);
    const row = await callAudit(sys.store, r);
    t.match(row, { outcome: 'ok', wentOut: true, effect: 'read', argumentKeys: ['b', 'secretish'] });
    t.notOk(JSON.stringify(row).includes('VALUE-123'), 'no argument value in the audit row');
    t.notOk(JSON.stringify(row).includes('{\\"secretish'), 'no result in the audit row');
    const listed = await call('GET', '/mcp/tools');
    t.same(
      listed.body.tools.filter((x: any) => x.kind === 'external').map((x: any) => x.name),
      ['mcp__gh__echo'],
    );
  });

  t.test('write modes: auto calls, deny and ask (no surface) refuse without reaching the server', async (t) => {
    const { fake, call, sys } = await setup(t);
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'create_issue', enabled: true, mode: 'auto' });
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'delete_repo', enabled: true, mode: 'deny' });
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: true });
    t.equal((await call('POST', '/mcp/call', { name: 'mcp__gh__create_issue', arguments: {} })).status, 200);
    const deny = await call('POST', '/mcp/call', { name: 'mcp__gh__delete_repo', arguments: {} });
    t.equal(deny.status, 403);
    t.equal(deny.body.error, 'mcp_mode_denied:gh.delete_repo:deny');
    const ask = await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} });
    t.equal(ask.status, 403);
    t.equal(ask.body.error, 'mcp_mode_denied:gh.echo:ask_unavailable');
    t.same(fake.calls(), ['create_issue'], 'only the auto write reached the server');
    // the flow engine's view of the same verb
    const parked = await sys.bus.call('mcp', 'call', { name: 'mcp__gh__echo', arguments: {}, seat: 'operator', askSurface: true });
    t.same(parked, { status: 'ask_required', server: 'gh', tool: 'echo' });
    const approved = await sys.bus.call<any>('mcp', 'call', {
      name: 'mcp__gh__echo',
      arguments: { a: 1 },
      seat: 'operator',
      askSurface: true,
      approvedQuestionId: 'q1',
    });
    t.match(approved, { status: 'ok', untrusted: true });
    t.same(fake.calls(), ['create_issue', 'echo']);
    const tools = (await call('GET', '/mcp/tools')).body.tools
      .filter((x: any) => x.kind === 'external')
      .map((x: any) => x.name)
      .sort();
    t.same(tools, ['mcp__gh__create_issue', 'mcp__gh__echo'], 'a deny-mode write is not listed as callable');
  });

  t.test('one request per call on a kept session; a new session after an error or a re-attach', async (t) => {
    const { fake, call } = await setup(t);
    for (const tool of ['echo', 'slow']) await call('PUT', '/mcp/servers/tools', { server: 'gh', tool, enabled: true, effect: 'read' });
    const methods = (from: number) => fake.seen.slice(from).map((s) => `${s.httpMethod} ${s.rpcMethod ?? ''}`.trim());
    const echo = async () => t.equal((await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} })).status, 200);
    let mark = fake.seen.length;
    await echo();
    await echo();
    await echo();
    t.same(
      methods(mark),
      ['POST tools/call', 'POST tools/call', 'POST tools/call'],
      'the session discovery opened is reused; no standalone GET stream',
    );
    t.equal(
      (await call('POST', '/mcp/call', { name: 'mcp__gh__slow', arguments: {} })).body.error,
      'mcp_call_timeout:gh',
      'bounds still hold per call',
    );
    mark = fake.seen.length;
    await echo();
    t.same(methods(mark), ['POST initialize', 'POST notifications/initialized', 'POST tools/call'], 'a session that failed is not reused');
    mark = fake.seen.length;
    await call('POST', '/mcp/servers/attach', {
      id: 'gh',
      transport: 'http',
      url: fake.url,
      timeoutMs: 1500,
      maxResponseBytes: 256 * 1024,
    });
    await echo();
    t.same(
      methods(mark),
      ['POST initialize', 'POST notifications/initialized', 'POST tools/list', 'POST tools/call'],
      'a replaced server gets a new session',
    );
  });

  t.test('a kept session the server forgot (404) is replaced and the call goes through once', async (t) => {
    const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: TOKEN } });
    const call = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, TOKEN);
    const fake = await startStatefulHttpMcp(t);
    t.equal((await call('POST', '/mcp/servers/attach', { id: 'st', transport: 'http', url: fake.url })).body.discovery.ok, true);
    await call('PUT', '/mcp/servers/tools', { server: 'st', tool: 'echo', enabled: true, effect: 'read' });
    t.equal((await call('POST', '/mcp/call', { name: 'mcp__st__echo', arguments: { n: 1 } })).status, 200);
    fake.forget();
    const mark = fake.seen.length;
    const r = await call('POST', '/mcp/call', { name: 'mcp__st__echo', arguments: { n: 2 } });
    t.equal(r.status, 200, 'the call succeeds on a new session');
    const methods = fake.seen.slice(mark).map((s) => s.rpcMethod);
    t.same(
      methods,
      ['tools/call', 'initialize', 'notifications/initialized', 'tools/call'],
      'refused once for the lost session, then sent once on the new one',
    );
  });

  t.test('a same-origin redirect is followed (through the same egress checks)', async (t) => {
    const { fake, call } = await setup(t);
    const moved = fake.url.replace(/\/mcp$/, '/moved');
    const a = await call('POST', '/mcp/servers/attach', { id: 'mv', transport: 'http', url: moved });
    t.equal(a.body.discovery.ok, true, 'discovery went through the redirect');
    t.ok(a.body.tools.some((x: any) => x.name === 'echo'));
    await call('PUT', '/mcp/servers/tools', { server: 'mv', tool: 'echo', enabled: true, effect: 'read' });
    const before = fake.calls().length;
    t.equal((await call('POST', '/mcp/call', { name: 'mcp__mv__echo', arguments: {} })).status, 200);
    t.equal(fake.calls().length, before + 1);
  });

  t.test('bounded: timeout, oversize body, endless body', async (t) => {
    const { call } = await setup(t);
    for (const tool of ['slow', 'big', 'endless'])
      await call('PUT', '/mcp/servers/tools', { server: 'gh', tool, enabled: true, effect: 'read' });
    let started = Date.now();
    const slow = await call('POST', '/mcp/call', { name: 'mcp__gh__slow', arguments: {} });
    t.equal(slow.status, 504);
    t.equal(slow.body.error, 'mcp_call_timeout:gh');
    t.ok(Date.now() - started < 4000, 'gave up at timeoutMs');
    const big = await call('POST', '/mcp/call', { name: 'mcp__gh__big', arguments: {} });
    t.equal(big.status, 502);
    t.equal(big.body.error, 'mcp_response_too_large:gh');
    started = Date.now();
    const endless = await call('POST', '/mcp/call', { name: 'mcp__gh__endless', arguments: {} });
    t.equal(endless.body.error, 'mcp_response_too_large:gh', 'cut off while reading, not at the timeout');
    t.ok(Date.now() - started < 1500);
  });
});

t.test('stdio servers', async (t) => {
  t.test('the child gets only the variables named in env; a flood is cut off', async (t) => {
    process.env.SVC_TEST_CANARY = 'canary-should-not-leak';
    t.teardown(() => {
      delete process.env.SVC_TEST_CANARY;
    });
    const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: TOKEN, PASSED_ONE: 'p1', SVC_TEST_CANARY: 'canary-should-not-leak' } });
    const call = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, TOKEN);
    const a = await call('POST', '/mcp/servers/attach', {
      id: 'kid',
      transport: 'stdio',
      command: process.execPath,
      args: [STDIO_FIXTURE],
      env: ['PASSED_ONE', 'NOT_SET_ANYWHERE'],
      timeoutMs: 5000,
      maxResponseBytes: 128 * 1024,
    });
    t.equal(a.status, 200);
    t.same(a.body.discovery.added, ['echo', 'env', 'flood', 'grandchild', 'pid', 'slow']);
    for (const tool of ['env', 'flood']) await call('PUT', '/mcp/servers/tools', { server: 'kid', tool, enabled: true, effect: 'read' });
    const env = await call('POST', '/mcp/call', { name: 'mcp__kid__env', arguments: {} });
    t.equal(env.status, 200);
    const childEnv = JSON.parse(env.body.result.content[0].text) as Record<string, string>;
    // tap's process-info hook patches child_process.spawn in this test process and adds its own
    // variables to every child; they are the harness's, not the orchestrator's.
    const harness = (k: string) =>
      k.startsWith('_TAPJS_PROCESSINFO_') || (k === 'NODE_OPTIONS' && childEnv[k]!.includes('@tapjs/processinfo'));
    t.same(
      Object.fromEntries(Object.entries(childEnv).filter(([k]) => !harness(k))),
      { PASSED_ONE: 'p1' },
      'exactly the named variables; no PATH, no canary',
    );
    t.notOk('PATH' in childEnv, 'not even PATH');
    const started = Date.now();
    const flood = await call('POST', '/mcp/call', { name: 'mcp__kid__flood', arguments: {} });
    t.equal(flood.status, 502);
    t.equal(flood.body.error, 'mcp_response_too_large:kid');
    t.ok(Date.now() - started < 4000, 'killed while reading');
  });

  t.test('the child is kept between calls; a flood or a detach kills its whole process group', async (t) => {
    const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: TOKEN } });
    const call = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, TOKEN);
    t.equal(
      (
        await call('POST', '/mcp/servers/attach', {
          id: 'kid',
          transport: 'stdio',
          command: process.execPath,
          args: [STDIO_FIXTURE],
          timeoutMs: 5000,
          maxResponseBytes: 128 * 1024,
        })
      ).status,
      200,
    );
    for (const tool of ['pid', 'grandchild', 'flood'])
      await call('PUT', '/mcp/servers/tools', { server: 'kid', tool, enabled: true, effect: 'read' });
    const text = async (tool: string) =>
      (await call('POST', '/mcp/call', { name: `mcp__kid__${tool}`, arguments: {} })).body.result?.content[0].text as string;
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    const gone = async (pid: number) => {
      for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 50));
      return !alive(pid);
    };
    const first = Number(await text('pid'));
    t.equal(Number(await text('pid')), first, 'the same child answers the next call');
    const grand = Number(await text('grandchild'));
    t.ok(alive(grand), 'the child started one of its own');
    const flood = await call('POST', '/mcp/call', { name: 'mcp__kid__flood', arguments: {} });
    t.equal(flood.body.error, 'mcp_response_too_large:kid', 'a kept child that floods is still cut off');
    t.ok(await gone(first), 'the flooding child is killed');
    t.ok(await gone(grand), 'and so is everything it started');
    const second = Number(await text('pid'));
    t.not(second, first, 'the next call starts a fresh child');
    t.equal((await call('POST', '/mcp/servers/detach', { id: 'kid' })).status, 200);
    t.ok(await gone(second), 'detach stops the kept child');
  });

  t.test('a bare command name is not looked up on the orchestrator PATH', async (t) => {
    const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: TOKEN } });
    const a = await req(
      sys.url,
      'POST',
      '/mcp/servers/attach',
      { id: 'kid', transport: 'stdio', command: 'node', args: [STDIO_FIXTURE] },
      TOKEN,
    );
    t.equal(a.status, 200);
    t.match(a.body.discovery, { ok: false, error: 'mcp_server_unreachable:kid' });
  });
});

t.test('refresh, detach and boot servers', async (t) => {
  t.test('a tool that appears on refresh is blocked; a vanished one is reported', async (t) => {
    const { fake, call, sys } = await setup(t);
    fake.setTools([{ name: 'echo' }, { name: 'brand_new' }]);
    const r = await call('POST', '/mcp/servers/refresh');
    t.same(r.body, {
      results: [
        {
          server: 'gh',
          ok: true,
          added: ['brand_new'],
          removed: ['big', 'create_issue', 'delete_repo', 'endless', 'slow'],
          unchanged: ['echo'],
        },
      ],
    });
    const tool = (await call('GET', '/mcp/servers')).body.servers[0].tools.find((x: any) => x.name === 'brand_new');
    t.equal(tool.state, 'blocked');
    t.match((await audits(sys, 'ExternalMcpDiscovered')).at(-1), { trigger: 'refresh', added: ['brand_new'] });
  });

  t.test('detach keeps rules: a re-attach does not re-admit a denied tool', async (t) => {
    const { fake, call } = await setup(t);
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'echo', enabled: false });
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'create_issue', enabled: true, mode: 'auto' });
    const d = await call('POST', '/mcp/servers/detach', { id: 'gh' });
    t.same(d.body, { server: 'gh', detached: true, rulesKept: 2 });
    t.equal((await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} })).body.error, 'unknown_external_mcp_tool:gh.echo');
    fake.setTools([...DEFAULT_TOOLS, { name: 'appeared' }]);
    await call('PUT', '/mcp/servers/tools', { server: 'gh', tool: 'appeared', enabled: true, effect: 'read' });
    const again = await call('POST', '/mcp/servers/attach', { id: 'gh', transport: 'http', url: fake.url });
    t.same(again.body.discovery.added, ['appeared'], 'only the tool never seen before counts as new');
    const tools = (await call('GET', '/mcp/servers')).body.servers[0].tools;
    t.match(
      tools.find((x: any) => x.name === 'echo'),
      { state: 'disabled' },
      'the deny still applies',
    );
    t.match(
      tools.find((x: any) => x.name === 'create_issue'),
      { state: 'allowed', mode: 'auto' },
      'the earlier allow still applies',
    );
    t.match(
      tools.find((x: any) => x.name === 'appeared'),
      { state: 'blocked' },
      'a tool new on re-attach lands blocked',
    );
    t.equal((await call('POST', '/mcp/call', { name: 'mcp__gh__create_issue', arguments: {} })).status, 200);
    t.equal((await call('POST', '/mcp/call', { name: 'mcp__gh__echo', arguments: {} })).body.error, 'tool_not_allowlisted:gh.echo');
  });

  t.test('409 when detaching a boot-configured server; ping reports reachability', async (t) => {
    const fake = await startHttpMcp(t);
    const sys = await startSystem(t, {
      env: { SVC_ORCH_TOKEN: TOKEN, SVC_MCP_SERVERS: JSON.stringify([{ id: 'boot1', transport: 'http', url: fake.url }]) },
    });
    const call = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, TOKEN);
    const list = await call('GET', '/mcp/servers');
    t.match(list.body.servers, [{ id: 'boot1', origin: 'boot', blockedCount: 6 }]);
    const d = await call('POST', '/mcp/servers/detach', { id: 'boot1' });
    t.equal(d.status, 409);
    t.same(d.body, { error: 'mcp_server_is_boot_config:boot1', message: 'a boot-configured server cannot be detached' });
    const p = await call('POST', '/mcp/servers/ping', { id: 'boot1' });
    t.match(p.body, { server: 'boot1', reachable: true, toolCount: 6 });
    const again = await call('POST', '/mcp/servers/attach', { id: 'boot1', transport: 'http', url: fake.url });
    t.equal(again.status, 409);
  });

  t.test('with no server configured nothing is attached', async (t) => {
    const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: TOKEN } });
    const list = await req(sys.url, 'GET', '/mcp/servers', undefined, TOKEN);
    t.equal(list.status, 200);
    t.same(list.body.servers, []);
  });
});
