/**
 * GET /sessions: every session key SessionRegistry holds for the org's nodes, revoked and expired
 * ones included (the list is what was issued; `revoked` and `expiresAt` say what still counts).
 * A key issued with its own time window or rate limit (`issueScopedTimed`) shows them; SessionRegistry
 * stores "none" as zeros, which the view leaves absent.
 */
import { getAddress, maxUint256, type Address, type PublicClient } from 'viem';
import { SessionRegistry } from '../../artifacts/index.js';
import type { SessionsView } from '../../../schemas/chain-reads.js';

/** SessionRegistry's scope bits (PROPOSE_INTENT, SPEND_WHITELIST) by the names the API uses. */
const SCOPES = [
  [1, 'propose:intent'],
  [2, 'spend:whitelist'],
] as const;

export async function readSessions(client: PublicClient, registry: Address, agents: readonly Address[]): Promise<SessionsView> {
  const r = { address: registry, abi: SessionRegistry.abi } as const;
  const ids = (await Promise.all(agents.map((agent) => client.readContract({ ...r, functionName: 'sessionsOf', args: [agent] })))).flat();
  const sessions = await Promise.all(
    ids.map(async (id) => {
      const [[agent, key, expiresAt, mask, revoked, windowStart, windowEnd, maxValue], [maxActions, windowSeconds], pins] =
        await Promise.all([
          client.readContract({ ...r, functionName: 'sessions', args: [id] }),
          client.readContract({ ...r, functionName: 'rateLimits', args: [id] }),
          client.readContract({ ...r, functionName: 'allowedTargetsOf', args: [id] }),
        ]);
      return {
        sessionId: id.toString(),
        agent: getAddress(agent),
        key: getAddress(key),
        expiresAt: new Date(Number(expiresAt) * 1000).toISOString(),
        scopes: SCOPES.filter(([bit]) => (mask & bit) !== 0).map(([, name]) => name),
        maxValue: maxValue === maxUint256 ? ('unlimited' as const) : maxValue.toString(),
        pins: pins.map((p) => getAddress(p)),
        revoked,
        ...(windowStart !== 0 || windowEnd !== 0 ? { window: { start: windowStart, end: windowEnd } } : {}),
        ...(maxActions !== 0 ? { rateLimit: { maxActions, windowSeconds } } : {}),
      };
    }),
  );
  return { sessions };
}
