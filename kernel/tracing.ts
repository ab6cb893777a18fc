/**
 * The trace side every layer shares, on the OpenTelemetry API alone: whether tracing is on, the
 * tracer, starting a span around work, and carrying a span's context in message headers. The SDK
 * that makes spans real is started by the process entry (runtime/tracing.ts); until it is, and
 * whenever it is not, every helper here is a flag test and a direct call, so the hot paths of a
 * process that traces nothing pay nothing else.
 */
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  TraceFlags,
  type Attributes,
  type Context,
  type Link,
  type Span,
  type SpanContext,
  type Tracer,
} from '@opentelemetry/api';

export { SpanKind };
export type { Attributes, Context, Span };

let on = false;
let tracer: Tracer | undefined;

/** True once a tracer provider with an exporter is installed in this process. */
export function tracingOn(): boolean {
  return on;
}

/** Set by the process entry once the SDK is started (and back to false when it shuts down). */
export function setTracingOn(value: boolean): void {
  on = value;
  tracer = undefined;
}

function theTracer(): Tracer {
  return (tracer ??= trace.getTracer('svc'));
}

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
const TRACE_ID = /^[0-9a-f]{32}$/;
const ZERO_TRACE = '0'.repeat(32);

/** The trace id a W3C `traceparent` header names, when it is well formed. */
export function traceIdOfParent(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  const m = TRACEPARENT.exec(header.trim());
  return m && m[1] !== ZERO_TRACE && m[2] !== '0000000000000000' ? m[1] : undefined;
}

/** A trace id in the W3C shape (what every span of the trace names). */
export function isW3cTraceId(id: string | undefined): id is string {
  return id !== undefined && TRACE_ID.test(id) && id !== ZERO_TRACE;
}

/** The trace id of the span running now, when tracing is on and one is. */
export function activeTraceId(): string | undefined {
  if (!on) return undefined;
  const sc = trace.getSpanContext(context.active());
  return sc !== undefined && trace.isSpanContextValid(sc) ? sc.traceId : undefined;
}

/** The active context with `traceparent`/`tracestate` written through `set` (nothing when off). */
export function injectContext(set: (key: string, value: string) => void, ctx: Context = context.active()): void {
  if (!on) return;
  propagation.inject(ctx, undefined, { set: (_c, k, v) => set(k, v) });
}

/** The context a message's headers carry, read through `get` (the root context when off). */
export function extractContext(get: (key: string) => string | undefined): Context {
  if (!on) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, undefined, {
    get: (_c, k) => get(k),
    keys: () => ['traceparent', 'tracestate'],
  });
}

/**
 * A parent in the trace `traceId` names when nothing better is at hand: work done later for a
 * run (a timer, another worker, an answer from a person) stays in the run's trace. The span id is
 * derived from `anchor`, so every such piece of one run hangs under the same (remote) parent.
 */
export function contextInTrace(traceId: string, anchor: string): Context {
  const sc: SpanContext = { traceId, spanId: spanIdOf(anchor), traceFlags: TraceFlags.SAMPLED, isRemote: true };
  return trace.setSpanContext(ROOT_CONTEXT, sc);
}

function spanIdOf(anchor: string): string {
  // FNV-1a, twice with different seeds: 64 bits of a stable id; it need not be secret.
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < anchor.length; i++) {
    const c = anchor.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x01000193 + 2) >>> 0;
  }
  const hex = (a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0')).slice(0, 16);
  return hex === '0000000000000000' ? '0000000000000001' : hex;
}

/**
 * The context a piece of a run's work should run in: the active one when it is already in the
 * run's trace; otherwise a parent in the run's trace, linked to the active span (the request of
 * a person answering the run's gate, a timer) so either trace leads to the other.
 */
export function runContext(traceId: string, runId: string): { ctx: Context; links: Link[] } {
  const active = context.active();
  const sc = trace.getSpanContext(active);
  if (sc !== undefined && sc.traceId === traceId) return { ctx: active, links: [] };
  const links = sc !== undefined && trace.isSpanContextValid(sc) ? [{ context: sc }] : [];
  if (!isW3cTraceId(traceId)) return { ctx: active, links: [] };
  return { ctx: contextInTrace(traceId, runId), links };
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; the active context when absent. */
  parent?: Context;
  links?: Link[];
}

/**
 * Runs `fn` inside a new span (active for everything `fn` starts), ending it when `fn` settles
 * and recording a throw as the span's error. When tracing is off, it is `fn()`.
 */
export function inSpan<T>(name: string, o: SpanOptions, fn: (span: Span | undefined) => Promise<T>): Promise<T> {
  if (!on) return fn(undefined);
  const parent = o.parent ?? context.active();
  const span = theTracer().startSpan(
    name,
    { kind: o.kind ?? SpanKind.INTERNAL, ...(o.attributes ? { attributes: o.attributes } : {}), ...(o.links ? { links: o.links } : {}) },
    parent,
  );
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await fn(span);
    } catch (err) {
      failed(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Starts a span the caller ends (one that outlives a call, like an HTTP request's). */
export function startSpan(name: string, o: SpanOptions): Span | undefined {
  if (!on) return undefined;
  return theTracer().startSpan(
    name,
    { kind: o.kind ?? SpanKind.INTERNAL, ...(o.attributes ? { attributes: o.attributes } : {}), ...(o.links ? { links: o.links } : {}) },
    o.parent ?? context.active(),
  );
}

/** Runs `fn` with `span` as the active span. */
export function withSpan<T>(span: Span, fn: () => T): T {
  return context.with(trace.setSpan(context.active(), span), fn);
}

/** Marks a span failed with what the error says (its code, never a payload). */
export function failed(span: Span, err: unknown): void {
  const e = err as { wireCode?: string; code?: unknown; name?: string; message?: string } | undefined;
  const code = e?.wireCode ?? (typeof e?.code === 'string' ? e.code : undefined) ?? e?.name ?? 'Error';
  span.setStatus({ code: SpanStatusCode.ERROR, message: code });
  span.setAttribute('error.type', code);
}

/**
 * The parent of a message published now: the active span when there is one; otherwise a parent
 * in the trace `traceId` names (work published later for a run, by a timer or a sweep), or none.
 */
export function parentFor(traceId: string | undefined): Context {
  const active = context.active();
  const sc = trace.getSpanContext(active);
  if (sc !== undefined && trace.isSpanContextValid(sc)) return active;
  return isW3cTraceId(traceId) ? contextInTrace(traceId, traceId) : active;
}

/** The parent a received message names in its headers, else one in the trace `traceId` names. */
export function extractParent(get: (key: string) => string | undefined, traceId: string | undefined): Context {
  const ctx = extractContext(get);
  if (trace.getSpanContext(ctx) !== undefined) return ctx;
  return isW3cTraceId(traceId) ? contextInTrace(traceId, traceId) : ctx;
}
