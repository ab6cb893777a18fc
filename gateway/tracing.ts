/**
 * A span per HTTP request, a child of the caller's span when a W3C `traceparent` came in, and
 * the trace id the request's commands, events and log lines carry. Without tracing the hooks are
 * not installed; the trace id is then the incoming `traceparent`'s, or the request id as before.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { extractContext, failed, SpanKind, startSpan, traceIdOfParent, tracingOn, withSpan, type Span } from '../kernel/tracing.js';

const SPAN = Symbol('svc.span');
type Traced = FastifyRequest & { [SPAN]?: Span };

/** The trace id of this request's work: its span's, the caller's trace, or its request id. */
export function traceIdOf(req: FastifyRequest): string {
  const span = (req as Traced)[SPAN];
  if (span !== undefined) return span.spanContext().traceId;
  const given = req.headers.traceparent;
  return given === undefined ? req.id : (traceIdOfParent(given) ?? req.id);
}

/** Installs the request span's hooks; first of all, so a refused request has its span too. */
export function registerTracing(app: FastifyInstance): void {
  if (!tracingOn()) return;
  app.addHook('onRequest', (req, _reply, done) => {
    const route = req.routeOptions.url;
    const span = startSpan(route === undefined ? req.method : `${req.method} ${route}`, {
      kind: SpanKind.SERVER,
      parent: extractContext((k) => {
        const v = req.headers[k];
        return typeof v === 'string' ? v : undefined;
      }),
      attributes: {
        'http.request.method': req.method,
        ...(route === undefined ? {} : { 'http.route': route }),
        'svc.request_id': req.id,
      },
    });
    if (span === undefined) return done();
    (req as Traced)[SPAN] = span;
    withSpan(span, done);
  });
  // The handler runs in the span's context, so what it publishes or calls is the span's child.
  app.addHook('preHandler', (req, _reply, done) => {
    const span = (req as Traced)[SPAN];
    if (span === undefined) return done();
    withSpan(span, done);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const span = (req as Traced)[SPAN];
    if (span !== undefined) {
      span.setAttribute('http.response.status_code', reply.statusCode);
      if (reply.statusCode >= 500) failed(span, { code: String(reply.statusCode) });
      span.end();
    }
    done();
  });
}
