/**
 * Spans around a command's publish and its handling, and the W3C trace context that travels in
 * the command's headers between them, so one run is one trace whichever process takes each part
 * of it. Off (no tracer provider), each is a flag test and a direct call.
 */
import { extractParent, injectContext, inSpan, parentFor, SpanKind, tracingOn, type Span } from '../kernel/tracing.js';
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
