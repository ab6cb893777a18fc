import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { GateList, GatesQuery } from '../../schemas/gates.js';
import { OPERATOR } from '../../identity/caller.js';
import { gatesVisibleTo } from '../../identity/gates.js';
import { listGates } from '../../queries/gates.js';
import { signReplyTarget } from '../../identity/reply-target.js';
import type { GateView } from '../../schemas/gates.js';
import type { GatewayDeps } from '../types.js';

/** `/flows/gates`: human gates, read from the store. Answers arrive only as messages
 * (messages.ts; there is no route that resolves a gate). Who sees which gate is identity/gates.ts. */
export const gateRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.get(
    '/flows/gates',
    {
      schema: {
        tags: ['flows'],
        summary: 'human gates; open (pending) ones by default',
        querystring: GatesQuery,
        response: { 200: GateList, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => {
      const seat = gatesVisibleTo(req.caller ?? OPERATOR);
      const s = req.query.status ?? 'pending';
      const status = s === 'pending' ? 'open' : s === 'answered' ? 'resolved' : s === 'all' ? undefined : s;
      const gates = await listGates(deps.store, {
        ...(status ? { status } : {}),
        ...(req.query.runId ? { runId: req.query.runId } : {}),
        limit: req.query.limit ?? 100,
        ...(seat === undefined ? {} : { seat }),
      });
      return { gates: gates.map((g) => withReplyTarget(deps.config.channelKey, g)) };
    },
  );
};

/** An open gate carries the signed target a chat bridge hands back with a reply to it. */
function withReplyTarget(channel: Parameters<typeof signReplyTarget>[0], g: GateView): GateView {
  if (g.status !== 'open') return g;
  const replyTarget = signReplyTarget(channel, { questionId: g.questionId, thread: g.thread });
  return replyTarget === undefined ? g : { ...g, replyTarget };
}
