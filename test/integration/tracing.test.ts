/**
 * With tracing on, one run is one trace: a gateway and two workers on JetStream + PostgreSQL (in
 * this process, sharing its tracer provider, which exports to memory), a run started with a
 * caller's `traceparent`, its first steps taken by one worker and, after that worker stops, the
 * rest by the other. The gateway's span is the caller span's child; the commands carry the trace
 * from process to process; every step, MCP call and model call is a span of the run's trace; the
 * attached MCP server is handed the trace context in the call's `_meta`; and the run's events
 * carry the W3C trace id.
 */
import t from 'tap';
import { InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { SpanKind } from '@opentelemetry/api';
import { startTracing } from '../../runtime/tracing.js';
import { claimReal, startSystem } from '../helpers/system.js';
import { startHttpMcp } from '../helpers/mcp-servers.js';
import { req } from '../helpers/http.js';
import { pollFor } from '../helpers/poll.js';
import { skipUnless, TEST_NATS_URL } from '../helpers/services.js';
import { connect } from '@nats-io/transport-node';
import { names } from '../../bus/subjects.js';
import type { BusEvent } from '../../bus/types.js';
import { tracedFlow } from '../helpers/traced-flow.js';

const OP = 'operator-token-0123456789';
const ALICE = 'alice-human-token-0123456789';
const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';

const flow = tracedFlow('traced-across', [{ id: 'sum', kind: 'model', prompt: 'done with {{input}}', next: null }]);

const skip = (await skipUnless('nats', 'postgres')) ?? false;

t.test('one run is one trace across the gateway and two workers', { skip }, async (t) => {
  const exporter = new InMemorySpanExporter();
  const tracing = await startTracing({}, { role: 'test', spanProcessors: [new SimpleSpanProcessor(exporter)] });
  t.teardown(() => tracing.shutdown());
  t.ok(tracing.on);

  const fake = await startHttpMcp(t);
  const real = claimReal(t);
  const shared = {
    nats: { prefix: real.prefix },
    postgres: { schema: real.schema },
    env: { SVC_ORCH_TOKEN: OP, SVC_IDENTITIES: JSON.stringify([{ token: ALICE, seat: 'alice', kind: 'human' }]) },
  };
  // The first worker first: it creates the streams and the schema before the others use them.
  const first = await startSystem(t, { ...shared, role: 'worker' });
  const gateway = await startSystem(t, { ...shared, role: 'gateway' });
  const events: BusEvent[] = [];
  const sub = await gateway.bus.tail('>', (e) => events.push(e));
  t.teardown(() => sub.unsubscribe());
  // The events as they cross NATS, headers and all.
  const nc = await connect({ servers: TEST_NATS_URL });
  t.teardown(() => nc.close());
  const carried: { runId?: string; traceparent?: string }[] = [];
  nc.subscribe(names(real.prefix).eventFilter('>'), {
    callback: (_e, m) => void carried.push({ runId: m.json<BusEvent>().data.runId as string, traceparent: m.headers?.get('traceparent') }),
  });
  await nc.flush();

  const op = (m: string, p: string, b?: unknown) => req(gateway.url, m, p, b, OP);
  t.equal((await op('POST', '/mcp/servers/attach', { id: 'fake', transport: 'http', url: fake.url })).status, 200);
  t.equal((await op('PUT', '/mcp/servers/tools', { server: 'fake', tool: 'echo', enabled: true, effect: 'read' })).status, 200);

  const res = await fetch(`${gateway.url}/flows/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OP}`, 'content-type': 'application/json', traceparent: `00-${TRACE}-${CALLER_SPAN}-01` },
    body: JSON.stringify({ flow, input: 'order-9' }),
  });
  const run = (await res.json()) as { id: string; status: string; traceId: string; waiting: { token: string } };
  t.equal(res.status, 200, JSON.stringify(run).slice(0, 300));
  t.equal(run.status, 'waiting');
  t.equal(run.traceId, TRACE, "the run's trace id is the caller's W3C trace id");

  // The first worker leaves; whatever comes next can only be taken by the second.
  await first.close();
  const second = await startSystem(t, { ...shared, role: 'worker' });
  const answered = await req(gateway.url, 'POST', '/messages', { replyTo: run.waiting.token, body: 'go' }, ALICE);
  t.equal(answered.status, 200, JSON.stringify(answered.body).slice(0, 300));
  await pollFor('the run to complete', async () => {
    const s = (await op('GET', `/flows/runs/state?runId=${run.id}`)).body;
    return (s.run ?? s).status === 'completed' ? true : undefined;
  });

  const spans = await pollFor('the last step span', () => {
    const all = exporter.getFinishedSpans();
    return all.some((s) => s.attributes['svc.step.id'] === 'sum') ? all : undefined;
  });
  const ofTrace = spans.filter((s) => s.spanContext().traceId === TRACE);
  const parentOf = (s: ReadableSpan) => s.parentSpanContext?.spanId;

  const server = ofTrace.find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /flows/run');
  t.ok(server, 'the gateway made a span for the request, in the caller’s trace');
  t.equal(server && parentOf(server), CALLER_SPAN, 'its parent is the caller’s span');

  const steps = ofTrace.filter((s) => s.attributes['svc.run.id'] === run.id);
  t.same(
    [...new Set(steps.map((s) => s.attributes['svc.step.id']))].sort(),
    ['ask', 'look', 'sum', 'think'],
    'every step of the run is a span of its trace',
  );
  const workerOf = (id: string) => steps.find((s) => s.attributes['svc.step.id'] === id)?.attributes['svc.worker.id'];
  t.equal(workerOf('think'), first.workerId, 'the first steps ran on the first worker');
  t.equal(workerOf('sum'), second.workerId, 'the step after the answer ran on the second worker');

  // The start command went from the gateway to the first worker inside the trace.
  const consumed = ofTrace.filter((s) => s.kind === SpanKind.CONSUMER);
  const startConsumed = consumed.find((s) => s.name === 'process run.start');
  t.ok(startConsumed, 'the worker handled the start command in the trace');
  const published = ofTrace.find(
    (s) => s.kind === SpanKind.PRODUCER && s.spanContext().spanId === (startConsumed && parentOf(startConsumed)),
  );
  t.ok(published, 'its parent is the publish span');
  t.equal(published && parentOf(published), server?.spanContext().spanId, 'whose parent is the request span');
  t.ok(
    consumed.some((s) => String(s.attributes['svc.process']).endsWith(first.workerId)),
    'the first worker handled commands of the trace',
  );
  t.ok(
    ofTrace.some((s) => s.kind === SpanKind.CLIENT && s.attributes['gen_ai.operation.name'] === 'chat'),
    'model calls are spans of the trace',
  );
  const mcpSpan = ofTrace.find((s) => s.kind === SpanKind.CLIENT && s.name === 'mcp tools/call fake.echo');
  t.ok(mcpSpan, 'the MCP call is a span of the trace');

  // The MCP server was handed the call span's context.
  const call = fake.seen.find((s) => s.tool === 'echo');
  t.equal(call?.meta?.traceparent, `00-${TRACE}-${mcpSpan?.spanContext().spanId}-01`, 'the MCP server got the traceparent in _meta');

  // The answer was a request of its own: its own trace, linked from the step it resumed.
  const sum = steps.find((s) => s.attributes['svc.step.id'] === 'sum')!;
  t.ok(
    sum.links.some((l) => l.context.traceId !== TRACE),
    'the resumed step links to the request that woke it',
  );

  await pollFor('the completed event', () =>
    events.some((e) => e.type === 'FlowRun' && e.data.status === 'completed') ? true : undefined,
  );
  const runEvents = events.filter((e) => e.data.runId === run.id);
  t.ok(runEvents.length > 0);
  t.same(
    runEvents.filter((e) => e.traceId !== TRACE).map((e) => ({ type: e.type, traceId: e.traceId })),
    [],
    'every event of the run carries the W3C trace id',
  );
  const onWire = carried.filter((c) => c.runId === run.id);
  t.ok(onWire.length > 0);
  t.same(
    onWire.filter((c) => !c.traceparent?.startsWith(`00-${TRACE}-`)),
    [],
    'every event of the run crosses NATS with the trace context of the span that emitted it',
  );
  const lines = [...gateway.logs, ...first.logs, ...second.logs]
    .flatMap((l) => l.split('\n').filter(Boolean))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.runId === run.id && l.traceId !== undefined);
  t.same(
    lines.filter((l) => l.traceId !== TRACE).map((l) => l.msg),
    [],
    'every log line of the run names the W3C trace id',
  );

  // A request over the bus (an MCP call from the HTTP API) is a client span and its answer a
  // server span in the worker, both in the caller's trace, and the tool call under the answer.
  const T2 = '0af7651916cd43dd8448eb211c80319c';
  const called = await fetch(`${gateway.url}/mcp/call`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OP}`, 'content-type': 'application/json', traceparent: `00-${T2}-${CALLER_SPAN}-01` },
    body: JSON.stringify({ name: 'mcp__fake__echo', arguments: { text: 'hi' } }),
  });
  t.equal(called.status, 200, await called.text());
  const rpcSpans = await pollFor('the tool call span of the request', () => {
    const all = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === T2);
    return all.some((s) => s.name === 'mcp tools/call fake.echo') ? all : undefined;
  });
  const of = (name: string) => rpcSpans.find((s) => s.name === name);
  const httpSpan = rpcSpans.find((s) => s.kind === SpanKind.SERVER && s.name === 'POST /mcp/call');
  const client = of('request mcp.call');
  const served = of('serve mcp.call');
  t.equal(client?.kind, SpanKind.CLIENT, 'the request is a client span');
  t.equal(client && parentOf(client), httpSpan?.spanContext().spanId, 'under the HTTP request');
  t.equal(served?.kind, SpanKind.SERVER, 'its answer is a server span');
  t.equal(served && parentOf(served), client?.spanContext().spanId, 'under the request, across processes');
  t.equal(parentOf(of('mcp tools/call fake.echo')!), served?.spanContext().spanId, 'the tool call under the answer');
});
