/**
 * Operators tail events as an interface: every event a representative set of operations publishes
 * (flows and runs, pause/resume/cancel, human gates, webhook triggers and a delivery, heartbeats,
 * an MCP attach and detach, the clock) matches its type's schema (schemas/events.ts), and the check the
 * process runs with SVC_VALIDATE_EVENTS=1 refuses an event that does not.
 */
import t from 'tap';
import { startSystem } from '../helpers/system.js';
import { mint, post, saveFlow, svcHeaders } from '../helpers/triggers.js';
import { emitRaw } from '../helpers/raw-events.js';
import { until } from '../helpers/poll.js';
import { checkEvent, EVENT_MISMATCH_LOG } from '../../bus/event-check.js';
import { isEventType } from '../../schemas/events.js';
import type { BusEvent } from '../../bus/types.js';

const OP = 'operator-token-0123456789abcdef';
const ALICE = 'alice-human-token-0123456789';

const sys = await startSystem(t, {
  // The last case publishes events that break their schemas on purpose.
  expectEventMismatches: true,
  env: {
    SVC_ORCH_TOKEN: OP,
    SVC_VALIDATE_EVENTS: '1',
    SVC_CLOCK_TICK_MS: '100',
    SVC_IDENTITIES: JSON.stringify([{ token: ALICE, seat: 'alice', kind: 'human' }]),
    SVC_ORG: JSON.stringify({ alice: { crews: ['ops'] } }),
  },
});
const seen: BusEvent[] = [];
await sys.bus.tail('>', (e) => seen.push(e));

async function http(method: string, path: string, body?: unknown, token = OP): Promise<{ status: number; body: any }> {
  const res = await fetch(`${sys.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}
const ok = async (method: string, path: string, body?: unknown, token = OP) => {
  const r = await http(method, path, body, token);
  if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
};
const runState = async (runId: string) => (await ok('GET', `/flows/runs/state?runId=${runId}`)).run ?? null;
const settled = async (runId: string, done: (status: string) => boolean) =>
  until(`run ${runId} settles`, async () => {
    const run = await runState(runId);
    return run !== null && done(run.status);
  });

const gated = {
  id: 'gated',
  steps: [
    {
      id: 'ask',
      kind: 'human',
      prompt: 'Pay {{input}}?',
      assignee: 'seat:alice',
      options: [
        { id: 'approve', label: 'Approve', port: 'pay' },
        { id: 'reject', label: 'Reject', port: null },
      ],
    },
    { id: 'pay', kind: 'model', prompt: 'paid {{input}}', next: null },
  ],
};

t.test('the events of a representative session all match their schemas', async (t) => {
  // Flows, runs paused and resumed, and a human gate answered.
  await ok('POST', '/flows', { flow: gated });
  const run = await ok('POST', '/flows/run', { id: 'gated', input: '42', as: 'treasurer' });
  t.equal(run.status, 'waiting');
  const qid = run.waiting.token as string;
  await ok('POST', '/flows/runs/pause', { runId: run.id, reason: 'checking' });
  await ok('POST', '/flows/runs/resume', { runId: run.id });
  await settled(run.id, (s) => s === 'waiting');
  t.match(await ok('POST', '/messages', { replyTo: qid, body: 'Approve' }, ALICE), { gate: { outcome: 'resolved' } });
  await settled(run.id, (s) => s === 'completed');
  // A run cancelled while it waits on its gate.
  const cancelled = await ok('POST', '/flows/run', { id: 'gated', input: '7', as: 'treasurer' });
  await ok('POST', '/flows/runs/cancel', { runId: cancelled.id });
  await settled(cancelled.id, (s) => s === 'cancelled');

  // A webhook trigger: created, a delivery accepted (its run starts), rotated, disabled, deleted.
  await saveFlow(sys.store, 'hooked', 'webhook');
  const created = await mint(sys.url, { flowId: 'hooked', principal: 'agent-7' }, OP);
  const raw = JSON.stringify({ n: 1 });
  t.equal((await post(`${sys.url}/hooks/${created.trigger.id}`, raw, svcHeaders(created.secret, raw))).status, 202);
  await ok('POST', '/flows/triggers/rotate', { id: created.trigger.id });
  await ok('POST', '/flows/triggers/enabled', { id: created.trigger.id, enabled: false });
  await ok('POST', '/flows/triggers/delete', { id: created.trigger.id });

  // A heartbeat: saved, run now, disabled, removed.
  await ok('POST', '/heartbeats', {
    heartbeat: { crewId: 'ops', schedule: '0 9 * * *', timezone: 'UTC', seat: 'alice', items: [{ kind: 'flow', id: 'gated' }] },
  });
  await ok('POST', '/heartbeats/run', { crewId: 'ops' });
  await ok('POST', '/heartbeats/enabled', { crewId: 'ops', enabled: false });
  await ok('POST', '/heartbeats/delete', { crewId: 'ops' });

  // An MCP server whose endpoint does not answer: attached, its discovery fails, then detached.
  const attach = await ok('POST', '/mcp/servers/attach', { id: 'gone', transport: 'http', url: 'http://127.0.0.1:9/mcp' });
  t.match(attach, { server: 'gone', discovery: { ok: false } });
  await ok('POST', '/mcp/servers/detach', { id: 'gone' });

  const want = [
    'FlowSaved',
    'FlowRun',
    'RunProgress',
    'FlowRunLifecycle',
    'HumanGateOpened',
    'HumanGateResolved',
    'WebhookTriggerChanged',
    'WebhookDelivery',
    'CrewHeartbeatChanged',
    'CrewHeartbeat',
    'ExternalMcpServerChange',
    'ExternalMcpDiscovered',
    'ClockMinute',
  ];
  const missing = () => want.filter((w) => !seen.some((e) => e.type === w));
  await until('every kind of event arrived', () => missing().length === 0, { timeoutMs: 20_000 }).catch(() => undefined);
  t.same(missing(), [], 'every kind of event the session causes arrived');

  const types = [...new Set(seen.map((e) => e.type))].sort();
  t.same(
    types.filter((x) => !isEventType(x)),
    [],
    'every event type seen has a schema',
  );
  const mismatches = seen.flatMap((e) => {
    try {
      checkEvent(e.type, e.data);
      return [];
    } catch (err) {
      return [`${(err as Error).message} in ${JSON.stringify(e.data)}`];
    }
  });
  t.same(mismatches, [], `${seen.length} events of ${types.length} types (${types.join(', ')}) match their schemas`);
  t.same(
    sys.logs.filter((l) => l.includes(EVENT_MISMATCH_LOG)),
    [],
    'the process refused no event of its own',
  );
});

t.test('SVC_VALIDATE_EVENTS=1 refuses an event that does not match, and logs it', async (t) => {
  const before = seen.length;
  await t.rejects(emitRaw(sys.bus, 'FlowSaved', { flowId: 'x', surprise: true }), { name: 'EventMismatch', type: 'FlowSaved' });
  await t.rejects(emitRaw(sys.bus, 'GateAsked', {}), { name: 'EventMismatch', message: /no schema/ });
  t.ok(
    sys.logs.some((l) => l.includes(EVENT_MISMATCH_LOG) && l.includes('FlowSaved')),
    'logged at error level',
  );
  await emitRaw(sys.bus, 'ClockMinute', { window: 1, at: new Date().toISOString(), worker: 'w' });
  await until('the valid event after them arrives', () => seen.length > before);
  t.notOk(
    seen.slice(before).some((e) => e.type === 'FlowSaved' || e.type === 'GateAsked'),
    'neither refused event was published',
  );
});
