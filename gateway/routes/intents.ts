/**
 * `POST /intents/resolve`: the seat an escalated intent waits on resolves it, sent with the key
 * this process holds for that seat (chain/onchain/resolve.ts holds the rules). Operator only: the
 * orchestrator decides for the seats whose keys it holds. At root depth with SVC_ROOT_AUTH set,
 * the body's `challenge` and `rootProof` must verify for `intent:approve` (or `intent:deny`) on
 * exactly this intent before anything is sent. Mock mode has no intent to resolve (409
 * `no_chain`); an unavailable chain is 503. A multisig root with no relayer answers 409
 * `multisig_exec_unsigned` with the signed transaction; `POST /intents/confirm` records it once landed.
 */
import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireOperator } from '../../identity/caller.js';
import { orgRoot, type PendingIntent } from '../../chain/onchain/resolve.js';
import { AppError } from '../../schemas/errors.js';
import {
  ConfirmIntentBody,
  IntentConfirmation,
  IntentResolution,
  MultisigExecUnsignedBody,
  ResolveIntentBody,
} from '../../schemas/intents.js';
import { errorReplies, ROOT_GATED_REFUSALS } from '../error-replies.js';
import type { GatewayDeps } from '../types.js';

export const intentRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post(
    '/intents/resolve',
    {
      schema: {
        tags: ['chain'],
        summary: 'the awaiting approver resolves an escalated spend intent; answers the approver read off the chain and authorizedBy',
        body: ResolveIntentBody,
        response: { 200: IntentResolution, ...ROOT_GATED_REFUSALS, 409: MultisigExecUnsignedBody },
      },
    },
    async (req) => {
      requireOperator(req.caller, 'resolves intents');
      const b = await deps.chain.bound();
      if (!b) throw new AppError('no_chain', { message: 'no chain is configured: there is no intent to resolve' });
      const { intentId, approved, asset, challenge, rootProof } = req.body;
      const subject = (pending: PendingIntent) =>
        ({
          action: approved ? 'intent:approve' : 'intent:deny',
          subject: pending.intentId,
          asset: pending.asset,
          chainId: b.chain.id,
        }) as const;
      return deps.intents.resolve({
        intentId,
        approved,
        asset,
        via: 'route',
        traceId: traceIdOf(req),
        authorizeRoot: (pending) => deps.rootAuth.authorize(subject(pending), { challenge, proof: rootProof }, () => orgRoot(b)),
        authorizeMultisig: (pending) => deps.rootAuth.authorizeMultisig(subject(pending), { challenge, proof: rootProof }),
      });
    },
  );

  app.post(
    '/intents/confirm',
    {
      schema: {
        tags: ['chain'],
        summary:
          "records a multisig root's resolution once its transaction landed: confirmed only for a successful receipt to the multisig carrying the matching IntentResolved; confirmed false with awaitingApprover while the router still waits",
        body: ConfirmIntentBody,
        response: { 200: IntentConfirmation, ...errorReplies(400, 401, 403, 404, 409, 501, 503) },
      },
    },
    async (req) => {
      requireOperator(req.caller, 'confirms intent resolutions');
      const b = await deps.chain.bound();
      if (!b) throw new AppError('no_chain', { message: 'no chain is configured: there is no intent to confirm' });
      if (!deps.intents.confirm)
        throw new AppError('root_auth_config_error', { message: 'this process does not confirm multisig resolutions' });
      return deps.intents.confirm({ ...req.body, traceId: traceIdOf(req) });
    },
  );
};
