import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { requireOperator } from '../../identity/caller.js';
import { EventsQuery } from '../../schemas/ops.js';
import type { BusEvent } from '../../bus/types.js';
import type { GatewayDeps } from '../types.js';

const KEEP_ALIVE_MS = 15_000;

/** `/events/stream`: the live event feed for clients that cannot reach NATS themselves
 * (`svc events tail` without NATS_URL). The feed carries every seat's runs, gates and calls, so,
 * like `svc.evt.>` on NATS, it is the operator's: a seat's token is refused (its CLI follows its
 * runs by polling instead). Each frame carries the event's id; a client that lost the stream
 * sends the last one back as `Last-Event-ID` and gets what it missed first (as far as the bus
 * still holds it: the JetStream event stream, or this process's recent events without NATS). */
export const eventRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  // An open stream never ends by itself; a drain must end it or app.close() waits forever.
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  app.get(
    '/events/stream',
    {
      schema: {
        tags: ['runtime'],
        summary: 'live events as server-sent events',
        querystring: EventsQuery,
        response: {
          // Documentation only: the reply is hijacked and written as `event: <type>` / `id: <id>` / `data: <json>` frames.
          200: {
            description: 'one frame per bus event; send the last id back as Last-Event-ID to resume after it',
            content: { 'text/event-stream': { schema: Type.String() } },
          },
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (req, reply) => {
      requireOperator(req.caller, 'tails the event feed');
      // Subscribe before taking over the reply: a bad filter or a bus outage is still an ordinary
      // JSON error, not a 200 stream that never says anything.
      const early: [BusEvent, string | undefined][] = [];
      let write = (evt: BusEvent, id: string | undefined): void => void early.push([evt, id]);
      const sub = await deps.bus.tail(req.query.filter ?? '>', (evt, id) => write(evt, id), { after: lastEventId(req.headers) });
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-request-id': req.id,
      });
      res.write(': tailing\n\n');
      write = (evt, id) => void res.write(`event: ${evt.type}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(evt)}\n\n`);
      for (const [evt, id] of early.splice(0)) write(evt, id);
      const keepAlive = setInterval(() => res.write(': keep-alive\n\n'), KEEP_ALIVE_MS);
      const end = (): void => {
        if (!streams.delete(end)) return;
        clearInterval(keepAlive);
        void sub.unsubscribe();
        res.end();
      };
      streams.add(end);
      req.raw.once('close', end);
      res.once('close', end);
    },
  );
};

/** The id a reconnecting client resumes after (one header value; anything else means none). */
function lastEventId(headers: Record<string, string | string[] | undefined>): string | undefined {
  const v = headers['last-event-id'];
  return typeof v === 'string' && v.length <= 64 ? v : undefined;
}
