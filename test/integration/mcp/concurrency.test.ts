/**
 * How many calls an attached server and the whole process have in the air at once: a server's
 * `maxConcurrency` (default 8) and SVC_MCP_MAX_CONCURRENCY, counted by slow MCP servers on
 * 127.0.0.1 that record their own in-flight calls. A call beyond the caps waits, at most its
 * server's timeoutMs, then fails mcp_call_timeout without reaching the server.
 */
import t, { type Test } from 'tap';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { startSystem, type TestSystem } from '../../helpers/system.js';
import { startHttpMcp, type FakeHttpMcp } from '../../helpers/mcp-servers.js';
import { req } from '../../helpers/http.js';
import { callAudit } from '../../helpers/mcp-audit.js';
import { pollFor } from '../../helpers/poll.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const text = (s: string): CallToolResult => ({ content: [{ type: 'text', text: s }] });

/** In-flight calls, counted across every server that shares it. */
function gauge() {
  let now = 0;
  let max = 0;
  return {
    get max() {
      return max;
    },
    slow: (ms: number) => ({
      name: 'slow',
      run: async () => {
        max = Math.max(max, ++now);
        await sleep(ms);
        now--;
        return text('done');
      },
    }),
  };
}

async function attach(t: Test, sys: TestSystem, id: string, fake: FakeHttpMcp, extra: Record<string, unknown> = {}): Promise<void> {
  const a = await req(sys.url, 'POST', '/mcp/servers/attach', { id, transport: 'http', url: fake.url, ...extra });
  t.equal(a.status, 200, `${id} attached`);
  for (const tool of ['slow', 'hold']) await req(sys.url, 'PUT', '/mcp/servers/tools', { server: id, tool, enabled: true, effect: 'read' });
}

const callMany = (sys: TestSystem, server: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => req(sys.url, 'POST', '/mcp/call', { name: `mcp__${server}__slow`, arguments: {} })));

t.test("a server's maxConcurrency bounds its calls in flight; the default is 8", async (t) => {
  const g2 = gauge();
  const g8 = gauge();
  // Each call holds long enough for the whole burst to arrive, even on a loaded machine, so the
  // peak is the cap and not how fast the requests came in.
  const two = await startHttpMcp(t, [g2.slow(1500)]);
  const dflt = await startHttpMcp(t, [g8.slow(1500)]);
  const sys = await startSystem(t, {});
  await attach(t, sys, 'two', two, { maxConcurrency: 2, timeoutMs: 30_000 });
  await attach(t, sys, 'dflt', dflt, { timeoutMs: 30_000 });
  const [a, b] = await Promise.all([callMany(sys, 'two', 6), callMany(sys, 'dflt', 14)]);
  t.same(
    [...a, ...b].map((r) => r.status),
    Array(20).fill(200),
    'every call waited its turn and succeeded',
  );
  t.equal(g2.max, 2, 'never more than maxConcurrency in flight');
  t.equal(g8.max, 8, 'the default is 8');
  const listed = await req(sys.url, 'GET', '/mcp/servers');
  t.equal(listed.body.servers.find((s: { id: string }) => s.id === 'two').maxConcurrency, 2, 'the listing shows the setting');
  t.equal(listed.body.servers.find((s: { id: string }) => s.id === 'dflt').maxConcurrency, 8, 'and the default');
});

t.test('SVC_MCP_MAX_CONCURRENCY caps the calls in flight across every server of the process', async (t) => {
  const g = gauge();
  const one = await startHttpMcp(t, [g.slow(300)]);
  const other = await startHttpMcp(t, [g.slow(300)]);
  const sys = await startSystem(t, { env: { SVC_MCP_MAX_CONCURRENCY: '3' } });
  await attach(t, sys, 'one', one, { timeoutMs: 30_000 });
  await attach(t, sys, 'other', other, { timeoutMs: 30_000 });
  const all = (await Promise.all([callMany(sys, 'one', 6), callMany(sys, 'other', 6)])).flat();
  t.same(
    all.map((r) => r.status),
    Array(12).fill(200),
  );
  t.equal(g.max, 3, 'three at most, whatever the servers allow');
});

t.test('a call waits at most its timeoutMs, then fails mcp_call_timeout without reaching its server', async (t) => {
  let release!: () => void;
  const released = new Promise<void>((r) => {
    release = r;
  });
  const holder = await startHttpMcp(t, [
    {
      name: 'hold',
      run: async () => {
        await released;
        return text('released');
      },
    },
  ]);
  const quick = await startHttpMcp(t, [{ name: 'slow', run: () => text('fast') }]);
  const sys = await startSystem(t, { env: { SVC_MCP_MAX_CONCURRENCY: '1' } });
  t.teardown(release);
  await attach(t, sys, 'holder', holder, { timeoutMs: 60_000 });
  await attach(t, sys, 'quick', quick, { timeoutMs: 800 });
  const held = req(sys.url, 'POST', '/mcp/call', { name: 'mcp__holder__hold', arguments: {} });
  await pollFor('the holder has the one slot', async () => (holder.calls().length === 1 ? true : undefined), { timeoutMs: 10_000 });
  const started = Date.now();
  const waited = await req(sys.url, 'POST', '/mcp/call', { name: 'mcp__quick__slow', arguments: {} });
  const took = Date.now() - started;
  t.equal(waited.status, 504);
  t.equal(waited.body.error, 'mcp_call_timeout:quick');
  t.match(waited.body.message, /free call slot/, 'the message says it waited for a slot');
  t.ok(took >= 700 && took < 5_000, `bounded by timeoutMs (${took} ms)`);
  t.same(quick.calls(), [], 'the server was never reached');
  t.match(await callAudit(sys.store, waited), { server: 'quick', wentOut: false, error: 'mcp_call_timeout:quick' });
  release();
  t.equal((await held).status, 200, 'the holder finishes');
  const after = await req(sys.url, 'POST', '/mcp/call', { name: 'mcp__quick__slow', arguments: {} });
  t.equal(after.status, 200, 'the slot is free again');
});
