import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/errors.js';
import { EventsQuery, PingReply, PingRequest } from '../../schemas/ops.js';
import type { GatewayDeps } from '../types.js';

/** Operator plumbing: a command round trip through the work queue, and the live event feed for
 * clients that cannot reach NATS themselves (`svc events tail` without NATS_URL). */
export const opsRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post('/ops/ping', {
    schema: { tags: ['runtime'], summary: 'sends a ping command through the work queue to one worker', body: PingRequest, response: { 200: PingReply, 401: ErrorBody, 504: ErrorBody } },
  }, async (req) => {
    const started = performance.now();
    const reply = await deps.bus.call<Omit<PingReply, 'roundTripMs'>>('ops', 'ping', req.body ?? {}, { traceId: req.id, timeoutMs: 10_000 });
    return { ...reply, roundTripMs: Math.round((performance.now() - started) * 1000) / 1000 };
  });

  app.get('/events/stream', {
    schema: { tags: ['runtime'], summary: 'live events as server-sent events', querystring: EventsQuery },
  }, async (req, reply) => {
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.write(': tailing\n\n');
    const sub = await deps.bus.tail(req.query.filter ?? '>', (evt) => {
      res.write(`event: ${evt.type}\ndata: ${JSON.stringify(evt)}\n\n`);
    });
    const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), 15_000);
    req.raw.on('close', () => {
      clearInterval(keepAlive);
      void sub.unsubscribe();
    });
  });
};

