/**
 * GET /sessions/history on a chain: the issue and revoke records this orchestrator stored for the
 * deployment's SessionRegistry (store/chain-sessions/), newest first. Keys issued by someone else
 * (the root's own wallet) are on chain, not here; `/sessions` reads the chain.
 */
import { getAddress, isAddress } from 'viem';
import type { Deployment } from '../../schemas/chain-config.js';
import type { SessionHistoryView } from '../../schemas/chain-reads.js';
import { chainSessionsOf } from '../../store/chain-sessions/index.js';
import type { Store } from '../../store/types.js';

/** The newest records served; older ones stay stored. */
export const SESSION_HISTORY_LIMIT = 500;

export function sessionHistory(store: Store, deployment: Deployment): () => Promise<SessionHistoryView> {
  const registry = getAddress(deployment.sessions);
  return async () => ({
    sessions: (await chainSessionsOf(store).history(registry, SESSION_HISTORY_LIMIT)).map((e) => ({
      sessionId: String(e.sessionId),
      agent: getAddress(e.agent),
      event: e.event,
      ...(e.authorizedBy === ''
        ? {}
        : { authorizedBy: isAddress(e.authorizedBy, { strict: false }) ? getAddress(e.authorizedBy) : e.authorizedBy }),
      ...(e.txHash === null ? {} : { txHash: e.txHash }),
      at: e.at.toISOString(),
    })),
  });
}
