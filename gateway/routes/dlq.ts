import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/errors.js';
import { requireOperator, type Caller } from '../../identity/caller.js';
import { DeadLetterList, DeadLetterQuery, ReplayAnswer, ReplayBody } from '../../schemas/dlq.js';
import type { GatewayDeps } from '../types.js';

/**
 * The dead-letter stream, for the operator: commands the bus ended with their reason, and a
 * replay that sends one again as it was first sent (`svc dlq list|replay`).
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
};
