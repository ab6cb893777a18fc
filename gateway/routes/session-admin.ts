/**
 * `POST /sessions/revoke` and `POST /sessions/rotate` (chain/onchain/session-admin.ts holds the
 * rules). With SVC_ROOT_AUTH set each needs a root proof for `session:revoke` or
 * `session:rotate` on that key; a revoke with `containment: true` skips it and is recorded
 * `authorizedBy: containment` (revoking only narrows); a rotation never takes containment.
 * Without SVC_ROOT_AUTH both are open and recorded `unauthenticated`. The bearer token never
 * stands in for the root.
 */
import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { requireOperator } from '../../identity/caller.js';
import { orgRoot } from '../../chain/onchain/resolve.js';
import type { ChainBinding } from '../../chain/onchain/binding.js';
import type { Narrowing } from '../../chain/onchain/session-admin.js';
import { AppError } from '../../schemas/errors.js';
import {
  RevokeSessionBody,
  RevokeSessionReply,
  RotateSessionBody,
  RotateSessionReply,
  type RootAction,
  type RotateSessionBody as RotateBody,
} from '../../schemas/root-auth.js';
import { ROOT_GATED_REFUSALS } from '../error-replies.js';
import type { GatewayDeps } from '../types.js';

const SCOPE_BITS = { 'propose:intent': 1, 'spend:whitelist': 2 } as const;
const scopesOf = (mask: number) => (Object.keys(SCOPE_BITS) as (keyof typeof SCOPE_BITS)[]).filter((s) => (mask & SCOPE_BITS[s]) !== 0);

export const sessionAdminRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const bound = async (): Promise<ChainBinding> => {
    const b = await deps.chain.bound();
    if (!b) throw new AppError('no_chain', { message: 'no chain is configured: there is no session key to change' });
    return b;
  };
  const authorize = async (
    b: ChainBinding,
    action: RootAction,
    sessionId: string,
    answer: { challenge?: string | undefined; rootProof?: unknown },
  ): Promise<string> => {
    if (!deps.rootAuth.required) return 'unauthenticated';
    return deps.rootAuth.authorize(
      { action, subject: sessionId, chainId: b.chain.id },
      { challenge: answer.challenge, proof: answer.rootProof },
      () => orgRoot(b),
    );
  };

  app.post(
    '/sessions/revoke',
    {
      schema: {
        tags: ['chain'],
        summary: 'revokes one session key; a root proof when SVC_ROOT_AUTH is set, unless containment: true (audited containment)',
        body: RevokeSessionBody,
        response: { 200: RevokeSessionReply, ...ROOT_GATED_REFUSALS },
      },
    },
    async (req) => {
      requireOperator(req.caller, 'revokes session keys');
      const b = await bound();
      const { sessionId, containment } = req.body;
      const id = BigInt(sessionId);
      // A missing key is named before any challenge is spent on it.
      await deps.sessionAdmin.check(id, 'revoke');
      const authorizedBy = containment === true ? 'containment' : await authorize(b, 'session:revoke', sessionId, req.body);
      const r = await deps.sessionAdmin.revoke(id, authorizedBy, traceIdOf(req));
      return { sessionId, agent: r.agent, key: r.key, authorizedBy, txHash: r.txHash };
    },
  );

  app.post(
    '/sessions/rotate',
    {
      schema: {
        tags: ['chain'],
        summary:
          'revokes a live session key and re-issues its bounds as read from the chain, each kept or narrowed as asked (never wider, never a later expiry); a root proof when SVC_ROOT_AUTH is set',
        body: RotateSessionBody,
        response: { 200: RotateSessionReply, ...ROOT_GATED_REFUSALS },
      },
    },
    async (req) => {
      requireOperator(req.caller, 'rotates session keys');
      const b = await bound();
      const { sessionId } = req.body;
      if (req.body.containment === true)
        throw new AppError('invalid_request', {
          message: 'containment applies to revokes only: a rotation re-issues authority and needs the root',
        });
      const narrowing = narrowingOf(req.body);
      const id = BigInt(sessionId);
      await deps.sessionAdmin.check(id, 'rotate');
      const authorizedBy = await authorize(b, 'session:rotate', sessionId, req.body);
      const r = await deps.sessionAdmin.rotate(id, narrowing, authorizedBy, traceIdOf(req));
      const { bounds } = r;
      return {
        retired: sessionId,
        sessionId: String(r.sessionId),
        agent: bounds.agent,
        key: r.key,
        bounds: {
          maxValue: String(bounds.maxValue),
          scopes: scopesOf(bounds.mask),
          targets: [...bounds.pins],
          expiresAt: new Date(Number(bounds.expiresAt) * 1000).toISOString(),
          ...(bounds.window[0] !== 0 || bounds.window[1] !== 0 ? { window: { start: bounds.window[0], end: bounds.window[1] } } : {}),
          ...(bounds.rate[0] !== 0 ? { rateLimit: { maxActions: bounds.rate[0], windowSeconds: bounds.rate[1] } } : {}),
        },
        authorizedBy,
        revokeTx: r.revokeTx,
        issueTx: r.issueTx,
      };
    },
  );
};

function narrowingOf(body: RotateBody): Narrowing {
  let expiresAt: bigint | undefined;
  if (body.expiresAt !== undefined) {
    const ms = Date.parse(body.expiresAt);
    if (Number.isNaN(ms)) throw new AppError('invalid_request', { message: 'expiresAt must be an ISO 8601 time' });
    expiresAt = BigInt(Math.floor(ms / 1000));
  }
  return {
    maxValue: body.maxValue === undefined ? undefined : BigInt(body.maxValue),
    mask: body.scopes === undefined ? undefined : body.scopes.reduce((m, s) => m | SCOPE_BITS[s], 0),
    pins: body.targets as `0x${string}`[] | undefined,
    expiresAt,
    window: body.window === undefined ? undefined : [body.window.start, body.window.end],
    rate: body.rateLimit === undefined ? undefined : [body.rateLimit.maxActions, body.rateLimit.windowSeconds],
  };
}
