/**
 * `POST /root-auth/challenge`: a single-use challenge for one root-anchored action on one
 * subject (identity/root-auth/authority.ts). An intent must be pending on the chain (else 404);
 * one waiting on a manager seat needs no proof and answers `required: false` with that seat; a
 * session key must exist on the registry. Without SVC_ROOT_AUTH nothing needs a proof
 * (`required: false`); a configured root that cannot verify answers 501. A multisig root's
 * challenge for an intent is the hash of the multisig transaction that would resolve it.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireOperator } from '../../identity/caller.js';
import type { Address } from 'viem';
import { challengeOf, safeResolveTx } from '../../chain/onchain/multisig-root.js';
import { pendingIntent, type PendingIntent } from '../../chain/onchain/resolve.js';
import { AppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import { ChallengeBody, ChallengeReply } from '../../schemas/root-auth.js';
import type { GatewayDeps } from '../types.js';

export const rootAuthRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post(
    '/root-auth/challenge',
    {
      schema: {
        tags: ['chain'],
        summary: 'a single-use root challenge for one action (intent:approve|deny, session:revoke|rotate) on one subject; 5 minutes',
        body: ChallengeBody,
        response: {
          200: ChallengeReply,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          404: ErrorBody,
          409: ErrorBody,
          501: ErrorBody,
          503: ErrorBody,
        },
      },
    },
    async (req) => {
      requireOperator(req.caller, 'asks for root challenges');
      const b = await deps.chain.bound();
      if (!b) throw new AppError('no_chain', { message: 'no chain is configured: there is nothing root-anchored to authorize' });
      const { action, subject } = req.body;
      let asset: string | undefined;
      if (action === 'intent:approve' || action === 'intent:deny') {
        let pending: PendingIntent;
        try {
          pending = await pendingIntent(b, req.body.asset, subject);
        } catch (err) {
          // Resolved or never there: either way the chain has nothing pending under that id.
          if (err instanceof AppError && err.code === 'intent_not_pending')
            throw new AppError('intent_not_found', { message: err.message });
          throw err;
        }
        asset = pending.asset;
        const base = { action, subject, asset, awaitingApprover: pending.approver };
        if (!pending.rootDepth || !deps.rootAuth.required) return { required: false, ...base };
        const subj = { action, subject, asset, chainId: b.chain.id };
        const safe = deps.rootAuth.multisig;
        if (safe === undefined) return { required: true, ...base, ...(await deps.rootAuth.issue(subj)) };
        if (pending.approver !== safe)
          throw new AppError('root_auth_config_error', {
            message: `intent ${subject} waits on the root ${pending.approver}, not on the multisig SVC_ROOT_MULTISIG_ADDRESS (${safe})`,
          });
        // The multisig's own transaction hash is the challenge: the assertion signs the exact call.
        const tx = await safeResolveTx(b.client, safe, b.asset(asset).router as Address, BigInt(subject), action === 'intent:approve');
        return {
          required: true,
          ...base,
          ...(await deps.rootAuth.issue(subj, challengeOf(tx.safeTxHash))),
          safeTxHash: tx.safeTxHash,
          multisigNonce: String(tx.nonce),
        };
      }
      await deps.sessionAdmin.check(BigInt(subject), action === 'session:rotate' ? 'rotate' : 'revoke');
      if (!deps.rootAuth.required) return { required: false, action, subject };
      return { required: true, action, subject, ...(await deps.rootAuth.issue({ action, subject, chainId: b.chain.id })) };
    },
  );
};
