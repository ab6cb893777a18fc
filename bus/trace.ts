/**
 * Spans around a command's publish and its handling, and the W3C trace context that travels in
 * the command's headers between them, so one run is one trace whichever process takes each part
 * of it. Off (no tracer provider), each is a flag test and a direct call.
 */
import {
  activeTraceId,
  contextInTrace,
  extractParent,
  failed,
  injectContext,
  inSpan,
  isW3cTraceId,
  parentFor,
  SpanKind,
  tracingOn,
  type Span,
} from '../kernel/tracing.js';
import { newTraceId } from './wire.js';

export interface TraceCarry {
  /** The command's trace id: the one given, else the span's (tracing on), else a fresh one. */
  readonly traceId: string;
  /** `traceparent` (and `tracestate`) of the publish span; empty when tracing is off. */
  readonly headers: Record<string, string>;
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>;

/** Publishes a command inside a producer span whose context the command's headers carry. */
export function publishTraced<T>(subject: string, traceId: string | undefined, publish: (carry: TraceCarry) => Promise<T>): Promise<T> {
  if (!tracingOn()) return publish({ traceId: traceId ?? newTraceId(), headers: NO_HEADERS });
  return inSpan(
    `publish ${subject}`,
    {
      kind: SpanKind.PRODUCER,
      parent: parentFor(traceId),
      attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject },
    },
    (span) => {
      const headers: Record<string, string> = {};
      injectContext((k, v) => (headers[k] = v));
      return publish({ traceId: traceId ?? (span as Span).spanContext().traceId, headers });
    },
  );
}

export interface Consumed {
  readonly subject: string;
  readonly msgId: string;
  readonly traceId: string;
  readonly deliveryCount: number;
  header?(key: string): string | undefined;
}

/** Runs a command's handling inside a consumer span, a child of the span that published it. */
export function consumeTraced<T>(
  d: Consumed,
  actor: string,
  verb: string,
  processName: string | undefined,
  fn: () => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return fn();
  return inSpan(
    `process ${actor}.${verb}`,
    {
      kind: SpanKind.CONSUMER,
      parent: extractParent((k) => d.header?.(k), d.traceId),
      attributes: {
        'messaging.system': 'nats',
        'messaging.destination.name': d.subject,
        'messaging.message.id': d.msgId,
        'messaging.delivery.count': d.deliveryCount,
        ...(processName === undefined ? {} : { 'svc.process': processName }),
      },
    },
    fn,
  );
}

/** Sends a request inside a client span whose context the request's headers carry. */
export function requestTraced<T>(name: string, traceId: string | undefined, send: (carry: TraceCarry) => Promise<T>): Promise<T> {
  if (!tracingOn()) return send({ traceId: traceId ?? newTraceId(), headers: NO_HEADERS });
  return inSpan(
    `request ${name}`,
    { kind: SpanKind.CLIENT, parent: parentFor(traceId), attributes: { 'messaging.system': 'nats', 'rpc.method': name } },
    (span) => {
      const headers: Record<string, string> = {};
      injectContext((k, v) => (headers[k] = v));
      return send({ traceId: traceId ?? (span as Span).spanContext().traceId, headers });
    },
  );
}

/**
 * Answers a request inside a server span: a child of the request's span, read from the message's
 * headers across processes, or the active one in-process (no `header`). An error answer marks
 * the span failed; the error itself travels in the answer.
 */
export function serveTraced(
  name: string,
  traceId: string,
  header: ((key: string) => string | undefined) | undefined,
  answer: () => Promise<{ body: Uint8Array; isError: boolean }>,
): Promise<{ body: Uint8Array; isError: boolean }> {
  if (!tracingOn()) return answer();
  return inSpan(
    `serve ${name}`,
    {
      kind: SpanKind.SERVER,
      parent: header === undefined ? parentFor(traceId) : extractParent(header, traceId),
      attributes: { 'messaging.system': 'nats', 'rpc.method': name },
    },
    async (span) => {
      const a = await answer();
      if (a.isError && span !== undefined) failed(span, { code: 'rpc_error' });
      return a;
    },
  );
}

/**
 * The trace context an event's headers carry: the span running now when it is in the event's
 * trace; else a parent in that trace (a step resumed by someone's answer runs in the answer's
 * trace but emits in the run's), so the header never names another trace than the event does.
 */
export function eventCarry(traceId: string): Record<string, string> | undefined {
  if (!tracingOn()) return undefined;
  const headers: Record<string, string> = {};
  if (activeTraceId() === traceId) injectContext((k, v) => (headers[k] = v));
  else if (isW3cTraceId(traceId)) injectContext((k, v) => (headers[k] = v), contextInTrace(traceId, traceId));
  else return undefined;
  return headers;
}
