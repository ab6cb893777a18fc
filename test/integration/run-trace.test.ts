/**
 * One trace id per run: every event a run causes (its FlowRun rows, its progress, the gate it
 * opens and the answer to it, the MCP calls it makes and the confirmation one of them asks) and
 * every log line naming the run carry the trace id the run started with, even when the run is
 * continued by another request (a person answering its gate), on the embedded bus and store and
 * on JetStream + PostgreSQL.
 */
import t from 'tap';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import { startSystem } from '../helpers/system.js';
import { startHttpMcp } from '../helpers/mcp-servers.js';
import { req } from '../helpers/http.js';
import { pollFor } from '../helpers/poll.js';
import { skipUnless } from '../helpers/services.js';
import type { BusEvent } from '../../bus/types.js';
import { tracedFlow } from '../helpers/traced-flow.js';

const OP = 'operator-token-0123456789';
const ALICE = 'alice-human-token-0123456789';

const flow = tracedFlow('traced', [
  { id: 'file', kind: 'tool', tool: 'mcp__fake__create_issue', args: { title: '{{input}}' } },
  // Runs in the drive the answers resumed, not in the one the start request began.
  { id: 'sum', kind: 'model', prompt: 'filed {{steps.file.text}}', next: null },
]);

for (const mode of ['embedded', 'jetstream+postgres'] as const) {
  const skip = mode === 'embedded' ? undefined : await skipUnless('nats', 'postgres');
  t.test(`a run's events and log lines carry its trace id (${mode})`, { skip: skip ?? false }, async (t) => {
    const fake = await startHttpMcp(t);
    const sys = await startSystem(t, {
      ...(mode === 'embedded' ? {} : { nats: true, postgres: true }),
      env: {
        SVC_ORCH_TOKEN: OP,
        LOG_LEVEL: 'debug',
        SVC_IDENTITIES: JSON.stringify([{ token: ALICE, seat: 'alice', kind: 'human' }]),
      },
    });
    const events: BusEvent[] = [];
    const sub = await sys.bus.tail('>', (e) => events.push(e));
    t.teardown(() => sub.unsubscribe());
    const op = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, OP);
    t.equal((await op('POST', '/mcp/servers/attach', { id: 'fake', transport: 'http', url: fake.url })).status, 200);
    t.equal((await op('PUT', '/mcp/servers/tools', { server: 'fake', tool: 'echo', enabled: true, effect: 'read' })).status, 200);
    t.equal((await op('PUT', '/mcp/servers/tools', { server: 'fake', tool: 'create_issue', enabled: true, mode: 'ask' })).status, 200);

    const started = await op('POST', '/flows/run', { flow, input: 'order-7' });
    t.equal(started.status, 200, JSON.stringify(started.body).slice(0, 300));
    const run = started.body;
    t.equal(run.status, 'waiting');
    t.equal(run.traceId, started.requestId, "the run's trace id is the id of the request that started it");
    const traceId = run.traceId as string;

    // Each answer is a request of its own, with a trace id of its own.
    const gate = await req(sys.url, 'POST', '/messages', { replyTo: run.waiting.token, body: 'go' }, ALICE);
    t.equal(gate.status, 200, JSON.stringify(gate.body).slice(0, 300));
    t.not(gate.requestId, traceId);
    const asked = await pollFor('the connector ask', async () => {
      const s = (await op('GET', `/flows/runs/state?runId=${run.id}`)).body;
      const r = s.run ?? s;
      return r.waiting?.reason === 'connector_ask' ? r : undefined;
    });
    t.equal((await op('POST', '/messages', { replyTo: asked.waiting.token, body: 'yes' })).status, 200);
    await pollFor('the run to complete', async () => {
      const s = (await op('GET', `/flows/runs/state?runId=${run.id}`)).body;
      return (s.run ?? s).status === 'completed' ? true : undefined;
    });
    t.same(fake.calls(), ['echo', 'create_issue']);

    // An MCP call's row names its server, not the run: this run is the only caller of `fake`.
    const ofRun = (type: string, data: Record<string, unknown>) =>
      data.runId === run.id || (type === 'ExternalMcpCalled' && data.server === 'fake');
    const rows = await pollFor('the end of the run in the audit trail', async () => {
      const all = (
        await sys.store
          .em()
          .fork()
          .find(AuditEvent, {}, { orderBy: { id: 'asc' } })
      ).filter((r) => ofRun(r.type, r.data));
      return all.some((r) => r.type === 'FlowRun' && r.data.status === 'completed') ? all : undefined;
    });
    const types = new Set(rows.map((r) => r.type));
    for (const type of ['FlowRun', 'HumanGateOpened', 'HumanGateResolved', 'ExternalMcpCalled']) {
      t.ok(types.has(type), `the run left a ${type} row`);
    }
    t.same(
      rows.filter((r) => r.traceId !== traceId).map((r) => ({ type: r.type, traceId: r.traceId, data: r.data })),
      [],
      'every audit row of the run carries its trace id',
    );
    t.equal(rows.filter((r) => r.type === 'HumanGateOpened').length, 2, 'the human gate and the connector ask');
    t.equal(rows.filter((r) => r.type === 'ExternalMcpCalled').length, 3, 'echo, the ask, the confirmed call');

    await pollFor('the last events', () => (events.some((e) => e.type === 'FlowRun' && e.data.status === 'completed') ? true : undefined));
    const runEvents = events.filter((e) => ofRun(e.type, e.data));
    t.ok(
      runEvents.some((e) => e.type === 'RunProgress'),
      'progress events were seen',
    );
    t.same(
      runEvents.filter((e) => e.traceId !== traceId).map((e) => ({ type: e.type, traceId: e.traceId })),
      [],
      'every event of the run carries its trace id',
    );

    const lines = sys.logs.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => JSON.parse(l) as Record<string, unknown>);
    const runLines = lines.filter((l) => l.runId === run.id);
    t.same(
      runLines.filter((l) => l.msg === 'model call').map((l) => l.stepId),
      ['think', 'sum'],
      'each model step wrote its line, before and after the answers',
    );
    t.same(
      runLines.filter((l) => l.traceId !== traceId).map((l) => ({ msg: l.msg, traceId: l.traceId })),
      [],
      'every log line naming the run carries its trace id',
    );
  });
}
