/**
 * Tracing is off unless the OTEL_* variables name an exporter or an endpoint. Off, the process
 * makes no span even when some tracer provider is installed in it (here one exporting to memory,
 * as a library or a preload might), hands no trace context to an MCP server, and a run's trace id
 * is the id of the request that started it, as it always was; only a caller's `traceparent`
 * changes it, to that trace's id, so the caller can find the run's events and log lines.
 */
import t from 'tap';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { startTracing, tracingWanted } from '../../runtime/tracing.js';
import { tracingOn } from '../../kernel/tracing.js';
import { startSystem } from '../helpers/system.js';
import { startHttpMcp } from '../helpers/mcp-servers.js';
import { req } from '../helpers/http.js';

const OP = 'operator-token-0123456789';
const TRACE = '0af7651916cd43dd8448eb211c80319c';

t.test('the variables that turn tracing on', async (t) => {
  t.equal(tracingWanted({}), false, 'nothing set: off');
  t.equal(tracingWanted({ OTEL_SERVICE_NAME: 'svc-a' }), false, 'a service name alone: off');
  t.equal(
    tracingWanted({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }),
    false,
    'exporter none: off',
  );
  t.equal(tracingWanted({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' }), false, 'the SDK disabled: off');
  t.equal(tracingWanted({ OTEL_TRACES_EXPORTER: 'otlp' }), true);
  t.equal(tracingWanted({ OTEL_TRACES_EXPORTER: 'console' }), true);
  t.equal(tracingWanted({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318' }), true, 'an endpoint alone: on');
  t.equal(tracingWanted({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://127.0.0.1:4318/v1/traces' }), true);
  const off = await startTracing({}, { role: 'test' });
  t.equal(off.on, false);
  t.equal(tracingOn(), false, 'nothing was started');
});

t.test('off: no span, no trace context to MCP, the same trace ids as before', async (t) => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  provider.register();
  t.teardown(() => provider.shutdown());

  const fake = await startHttpMcp(t);
  const sys = await startSystem(t, { env: { SVC_ORCH_TOKEN: OP } });
  const op = (m: string, p: string, b?: unknown) => req(sys.url, m, p, b, OP);
  t.equal((await op('POST', '/mcp/servers/attach', { id: 'fake', transport: 'http', url: fake.url })).status, 200);
  t.equal((await op('PUT', '/mcp/servers/tools', { server: 'fake', tool: 'echo', enabled: true, effect: 'read' })).status, 200);
  const flow = {
    id: 'untraced',
    steps: [
      { id: 'think', kind: 'model', prompt: 'plan for {{input}}' },
      { id: 'look', kind: 'tool', tool: 'mcp__fake__echo', args: { q: '{{input}}' }, next: null },
    ],
  };

  const plain = await op('POST', '/flows/run', { flow, input: 'a' });
  t.equal(plain.status, 200, JSON.stringify(plain.body).slice(0, 300));
  t.equal(plain.body.status, 'completed');
  t.ok(plain.requestId, 'the request id is still answered');
  t.equal(plain.body.traceId, plain.requestId, "without a traceparent the run's trace id is the request id");

  const res = await fetch(`${sys.url}/flows/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OP}`, 'content-type': 'application/json', traceparent: `00-${TRACE}-b7ad6b7169203331-01` },
    body: JSON.stringify({ flow, input: 'b' }),
  });
  const run = (await res.json()) as { status: string; traceId: string };
  t.equal(res.status, 200);
  t.equal(run.status, 'completed');
  t.equal(run.traceId, TRACE, "with a traceparent the run's trace id is the caller's trace id");
  t.not(res.headers.get('x-request-id'), TRACE, 'the request id stays the request’s own');

  const bad = await fetch(`${sys.url}/flows/run`, {
    method: 'POST',
    headers: { authorization: `Bearer ${OP}`, 'content-type': 'application/json', traceparent: `00-${'0'.repeat(32)}-b7ad6b7169203331-01` },
    body: JSON.stringify({ flow, input: 'c' }),
  });
  const badRun = (await bad.json()) as { traceId: string };
  t.equal(badRun.traceId, bad.headers.get('x-request-id'), 'a malformed traceparent is ignored');

  await provider.forceFlush();
  t.same(
    exporter.getFinishedSpans().map((s) => s.name),
    [],
    'nothing was exported',
  );
  const calls = fake.seen.filter((s) => s.tool === 'echo');
  t.equal(calls.length, 3);
  t.same(
    calls.filter((c) => c.meta !== undefined),
    [],
    'the MCP server got no trace context',
  );
});
