import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, ErrorBody } from '../../schemas/errors.js';
import { GateList, GatesQuery, MessageList, MessagesQuery, PostMessage, PostMessageReply, type GateMessageRequest } from '../../schemas/gates.js';
import { isOperator, OPERATOR } from '../../identity/caller.js';
import { mayUseThread } from '../../identity/gates.js';
import { gateView, listQuestions, messageView, threadMessages } from '../../actors/gate/questions.js';
import type { GatewayDeps } from '../types.js';

/** Human gates and threads. Answers arrive only as messages (there is no route that resolves a
 * gate); the author of a message is the authenticated caller, whatever the body says. A seat sees
 * the gates of its own runs and those assigned to it, and reads only its own thread. */
export const gateRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.get('/flows/gates', {
    schema: { tags: ['flows'], summary: 'human gates; open (pending) ones by default', querystring: GatesQuery, response: { 200: GateList, 400: ErrorBody, 401: ErrorBody } },
  }, async (req) => {
    const caller = req.caller ?? OPERATOR;
    const s = req.query.status ?? 'pending';
    const status = s === 'pending' ? 'open' : s === 'answered' ? 'resolved' : s === 'all' ? undefined : s;
    const rows = await listQuestions(deps.store, {
      ...(status ? { status } : {}), ...(req.query.runId ? { runId: req.query.runId } : {}), limit: req.query.limit ?? 100,
      ...(isOperator(caller) ? {} : { seat: caller.seat }),
    });
    return { gates: rows.map(gateView) };
  });

  app.post('/messages', {
    schema: { tags: ['flows'], summary: 'posts a message to a thread; a reply naming a question answers its gate', body: PostMessage, response: { 200: PostMessageReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 504: ErrorBody } },
  }, async (req) => {
    const caller = req.caller ?? OPERATOR;
    const { thread, replyTo, kind, body } = req.body;
    const payload: GateMessageRequest = {
      ...(thread === undefined ? {} : { thread }), ...(replyTo === undefined ? {} : { replyTo }), ...(kind === undefined ? {} : { kind }),
      body, author: caller.seat, authorKind: caller.authorKind, authorId: caller.seat, operator: isOperator(caller),
    };
    const reply = await deps.bus.call<PostMessageReply>('gate', 'message', payload, { traceId: req.id, timeoutMs: 15_000 });
    // The message is stored either way; the answer just did not count.
    if (reply.gate?.outcome === 'assignee_mismatch') throw new AppError('gate_assignee_mismatch', { message: `only the assignee may answer question ${reply.gate.questionId}; the message was recorded as assignee_mismatch` });
    return reply;
  });

  app.get('/messages', {
    schema: { tags: ['flows'], summary: 'reads a thread, oldest first (the last `limit` messages, or those after `after`)', querystring: MessagesQuery, response: { 200: MessageList, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody } },
  }, async (req) => {
    const caller = req.caller ?? OPERATOR;
    if (!mayUseThread(req.query.thread, caller)) throw new AppError('record_not_found', { message: `no thread ${req.query.thread} is open to ${caller.seat}` });
    const rows = await threadMessages(deps.store, req.query.thread, req.query.limit ?? 50, req.query.after);
    return { thread: req.query.thread, messages: rows.map(messageView) };
  });
};
