import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireOperator, type Caller } from '../../identity/caller.js';
import { DeadLetterList, DeadLetterQuery, DropAnswer, ReplayAnswer, ReplayBody, type DeadLetter } from '../../schemas/dlq.js';
import { errorReplies } from '../error-replies.js';
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
        response: { 200: DeadLetterList, ...errorReplies(401, 403, 503) },
      },
    },
    async (req) => {
      operatorOnly(req.caller);
      return { deadLetters: await deps.bus.deadLetters({ limit: req.query.limit ?? 100 }) };
    },
  );

  /** A step on one dead letter, named by id; the log says which command it touched. */
  const onOneLetter = <T extends ReplayAnswer | DropAnswer>(
    path: string,
    summary: string,
    answer: typeof ReplayAnswer | typeof DropAnswer,
    step: (id: string) => Promise<T>,
    letterOf: (out: T) => DeadLetter,
    done: string,
  ): void => {
    app.post(
      path,
      {
        schema: {
          tags: ['runtime'],
          summary,
          body: ReplayBody,
          response: { 200: answer, ...errorReplies(400, 401, 403, 404, 503) },
        },
      },
      async (req) => {
        operatorOnly(req.caller);
        const out = await step(req.body.id);
        const letter = letterOf(out);
        req.log.info({ id: req.body.id, subject: letter.subject, msgId: letter.msgId }, done);
        return out;
      },
    );
  };

  onOneLetter(
    '/dlq/replay',
    "sends a dead letter's command again, as first sent, and removes the dead letter",
    ReplayAnswer,
    (id) => deps.bus.replayDeadLetter(id),
    (out) => out.replayed,
    'dead letter replayed',
  );

  onOneLetter(
    '/dlq/drop',
    'removes a dead letter without sending its command again',
    DropAnswer,
    (id) => deps.bus.dropDeadLetter(id),
    (out) => out.dropped,
    'dead letter dropped',
  );
};
