import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import {
  ChatReply,
  MessageList,
  MessagesQuery,
  PostMessage,
  PostMessageReply,
  type GateMessageRequest,
  type MessageView,
} from '../../schemas/gates.js';
import { signReplyTarget, verifyReplyTarget } from '../../identity/reply-target.js';
import { OPERATOR } from '../../identity/caller.js';
import { mayUseThread, threadOf } from '../../identity/gates.js';
import { readThread } from '../../queries/gates.js';
import { mayReadCrewThread } from '../../identity/heartbeats.js';
import { clientOf } from '../../bus/verbs.js';
import type { GatewayDeps } from '../types.js';
import { orgOf } from '../../runtime/org.js';

/** `/messages`: threads. A post goes to the gate actor, which answers a gate when the message
 * replies to its question; the author is the authenticated caller, whatever the body says. A seat
 * reads only its own thread (identity/gates.ts) and the crew threads of its reporting line
 * (identity/heartbeats.ts). */
export const messageRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post(
    '/messages',
    {
      schema: {
        tags: ['flows'],
        summary: 'posts a message to a thread; a reply naming a question answers its gate',
        body: PostMessage,
        response: { 200: PostMessageReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      const caller = req.caller ?? OPERATOR;
      const { thread, replyTo, kind, body } = req.body;
      return post(
        {
          ...(thread === undefined ? {} : { thread }),
          ...(replyTo === undefined ? {} : { replyTo }),
          ...(kind === undefined ? {} : { kind }),
          body,
          caller,
        },
        traceIdOf(req),
      );
    },
  );

  const post = async (payload: GateMessageRequest, traceId: string) => {
    const reply = await clientOf(deps.bus, 'gate').message(payload, { traceId, timeoutMs: 15_000 });
    // The message is stored either way; the answer just did not count.
    if (reply.gate?.outcome === 'assignee_mismatch')
      throw new AppError('gate_assignee_mismatch', {
        message: `only the assignee may answer question ${reply.gate.questionId}; the message was recorded as assignee_mismatch`,
      });
    return reply;
  };

  app.post(
    '/messages/chat',
    {
      schema: {
        tags: ['flows'],
        summary:
          'a reply relayed from a chat channel: answers the question its signed replyTarget names, as the caller; refused without a channel key or with a target that does not verify',
        body: ChatReply,
        response: { 200: PostMessageReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      const target = verifyReplyTarget(deps.config.channelKey, req.body.replyTarget);
      const caller = req.caller ?? OPERATOR;
      return post({ thread: target.thread, replyTo: target.questionId, kind: 'answer', body: req.body.body, caller }, traceIdOf(req));
    },
  );

  app.get(
    '/messages',
    {
      schema: {
        tags: ['flows'],
        summary: 'reads a thread, oldest first (the last `limit` messages, or those after `after`)',
        querystring: MessagesQuery,
        response: { 200: MessageList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      const caller = req.caller ?? OPERATOR;
      const thread = req.query.thread ?? threadOf(caller.seat);
      if (!mayUseThread(thread, caller) && !mayReadCrewThread(thread, caller, orgOf(deps)))
        throw new AppError('record_not_found', { message: `no thread ${thread} is open to ${caller.seat}` });
      const messages = await readThread(deps.store, thread, req.query.limit ?? 50, req.query.after);
      return { thread, messages: messages.map((m) => withTarget(deps, m)) };
    },
  );
};

/** A question carries its signed reply target when a channel key is configured. */
function withTarget(deps: GatewayDeps, m: MessageView): MessageView {
  if (m.kind !== 'question' || m.questionId === null) return m;
  const replyTarget = signReplyTarget(deps.config.channelKey, { questionId: m.questionId, thread: m.thread });
  return replyTarget === undefined ? m : { ...m, replyTarget };
}
