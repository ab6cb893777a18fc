/**
 * The first-party tools on a chain: `svc_org_tree` and `svc_pending_intents` answer the chain
 * reads (what GET /org and GET /intents serve), and `svc_approve` resolves an intent down the
 * path of POST /intents/resolve as the calling seat, which must be the seat the intent waits on
 * (checked against the chain just before sending): an agent never approves for another seat,
 * and never at root depth.
 */
import { getAddress, isAddress } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { ChainPort } from '../port.js';
import type { ChainReads } from '../reads/port.js';
import type { IntentResolver } from './resolve.js';

export function svcToolAccess(
  reads: () => Promise<ChainReads>,
  resolver: IntentResolver,
): Pick<ChainPort, 'orgTree' | 'pendingIntents' | 'approve'> {
  return {
    orgTree: async () => (await reads()).org(),
    pendingIntents: async () => (await reads()).intents(),
    async approve(req) {
      if (!isAddress(req.principal, { strict: false }))
        throw new AppError('not_awaiting_approver', {
          message: `svc_approve runs as a seat's address on a chain (got ${JSON.stringify(req.principal)}); nothing was sent`,
        });
      const r = await resolver.resolve({
        intentId: req.intentId,
        approved: true,
        asset: req.asset,
        via: 'tool',
        as: getAddress(req.principal),
        traceId: req.traceId,
      });
      return { ...r };
    },
  };
}
