import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { requireOperator, type Caller } from '../../identity/caller.js';
import { DeadLetterList, DeadLetterQuery, DropAnswer, ReplayAnswer, ReplayBody } from '../../schemas/dlq.js';
import type { GatewayDeps } from '../types.js';

/**
 * The dead-letter stream, for the operator: commands the bus ended with their reason, and a
 * replay that sends one again as it was first sent (`svc dlq list|replay`), and a drop that
 * removes one without sending it (a command nobody wants run again).
 */
export const dlqRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const operatorOnly = (caller: Caller | undefined): void => requireOperator(caller, 'reads or replays dead letters');

  app.get(
    '/dlq',
    {
      schema: {
        tags: ['runtime'],
        summary: 'commands the bus ended (terminal error, or a failure on every delivery), newest first',
        querystring: DeadLetterQuery,
        response: { 200: DeadLetterList, 401: ErrorBody, 403: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      operatorOnly(req.caller);
      return { deadLetters: await deps.bus.deadLetters({ limit: req.query.limit ?? 100 }) };
    },
  );

  app.post(
    '/dlq/replay',
    {
      schema: {
        tags: ['runtime'],
        summary: "sends a dead letter's command again, as first sent, and removes the dead letter",
        body: ReplayBody,
        response: { 200: ReplayAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      operatorOnly(req.caller);
      const out = await deps.bus.replayDeadLetter(req.body.id);
      req.log.info({ id: req.body.id, subject: out.replayed.subject, msgId: out.replayed.msgId }, 'dead letter replayed');
      return out;
    },
  );

  app.post(
    '/dlq/drop',
    {
      schema: {
        tags: ['runtime'],
        summary: 'removes a dead letter without sending its command again',
        body: ReplayBody,
        response: { 200: DropAnswer, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      operatorOnly(req.caller);
      const out = await deps.bus.dropDeadLetter(req.body.id);
      req.log.info({ id: req.body.id, subject: out.dropped.subject, msgId: out.dropped.msgId }, 'dead letter dropped');
      return out;
    },
  );
};
