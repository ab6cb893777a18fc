/**
 * `POST /intents/resolve`: the seat an escalated intent waits on resolves it, sent with the key
 * this process holds for that seat (chain/onchain/resolve.ts holds the rules). Operator only: the
 * orchestrator decides for the seats whose keys it holds. At root depth with SVC_ROOT_AUTH set,
 * the body's `challenge` and `rootProof` must verify for `intent:approve` (or `intent:deny`) on
 * exactly this intent before anything is sent. Mock mode has no intent to resolve (409
 * `no_chain`); an unavailable chain is 503.
 */
import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireOperator } from '../../identity/caller.js';
import { orgRoot } from '../../chain/onchain/resolve.js';
import { AppError } from '../../schemas/errors.js';
import { IntentResolution, ResolveIntentBody } from '../../schemas/intents.js';
import { ROOT_GATED_REFUSALS } from '../error-replies.js';
import type { GatewayDeps } from '../types.js';

export const intentRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post(
    '/intents/resolve',
    {
      schema: {
        tags: ['chain'],
        summary: 'the awaiting approver resolves an escalated spend intent; answers the approver read off the chain and authorizedBy',
        body: ResolveIntentBody,
        response: { 200: IntentResolution, ...ROOT_GATED_REFUSALS },
      },
    },
    async (req) => {
      requireOperator(req.caller, 'resolves intents');
      const b = await deps.chain.bound();
      if (!b) throw new AppError('no_chain', { message: 'no chain is configured: there is no intent to resolve' });
      const { intentId, approved, asset, challenge, rootProof } = req.body;
      return deps.intents.resolve({
        intentId,
        approved,
        asset,
        via: 'route',
        traceId: traceIdOf(req),
        authorizeRoot: (pending) =>
          deps.rootAuth.authorize(
            { action: approved ? 'intent:approve' : 'intent:deny', subject: pending.intentId, asset: pending.asset, chainId: b.chain.id },
            { challenge, proof: rootProof },
            () => orgRoot(b),
          ),
      });
    },
  );
};
