/** The session-key repository on the ORM (all but the sends: ./sends.ts): the same statements on both engines. */
import { ChainSession } from '../entities/ChainSession.js';
import type { Store } from '../types.js';
import type { ChainSessionRepository, HistoryEvent, SessionRow } from './types.js';

type Hex = `0x${string}`;

const rowId = (registry: string, sessionId: bigint) => `${registry.toLowerCase()}:${sessionId}`;
const lower = (a: string) => a.toLowerCase() as Hex;
/** One canonical spelling per set, so equal pins compare equal in SQL. */
const pinsKey = (pins: readonly string[]) => [...new Set(pins.map(lower))].sort().join(',');

function toSession(r: ChainSession): SessionRow {
  return {
    registry: r.registry as Hex,
    sessionId: BigInt(r.sessionId),
    agent: r.agent as Hex,
    keyAddress: r.keyAddress as Hex,
    maxValue: BigInt(r.maxValue),
    mask: r.mask,
    pins: r.pins === '' ? [] : (r.pins.split(',') as Hex[]),
    expiresAt: r.expiresAt,
    sealedKey: r.sealedKey ?? null,
    issuedBy: r.issuedBy as Hex,
    issuedTx: r.issuedTx as Hex,
    issuedAt: r.issuedAt,
    revokedAt: r.revokedAt ?? null,
    revokedBy: r.revokedBy ?? null,
    revokedTx: (r.revokedTx ?? null) as Hex | null,
  };
}

export function ormChainSessions(store: Store): Omit<ChainSessionRepository, 'recordSend' | 'sendOf'> {
  return {
    async issued(s) {
      await store.em().insert(ChainSession, {
        id: rowId(s.registry, s.sessionId),
        registry: lower(s.registry),
        sessionId: String(s.sessionId),
        agent: lower(s.agent),
        keyAddress: lower(s.keyAddress),
        maxValue: String(s.maxValue),
        mask: s.mask,
        pins: pinsKey(s.pins),
        expiresAt: s.expiresAt,
        sealedKey: s.sealedKey,
        issuedBy: lower(s.issuedBy),
        issuedTx: s.issuedTx,
        issuedAt: s.issuedAt,
        revokedAt: null,
        revokedBy: null,
        revokedTx: null,
      });
    },

    async live(b, after) {
      const rows = await store.em().find(
        ChainSession,
        {
          registry: lower(b.registry),
          agent: lower(b.agent),
          maxValue: String(b.maxValue),
          mask: b.mask,
          pins: pinsKey(b.pins),
          revokedAt: null,
          expiresAt: { $gt: after },
        },
        { orderBy: { expiresAt: 'desc' } },
      );
      return rows.map(toSession);
    },

    async liveOf(registry, agent, after) {
      const rows = await store
        .em()
        .find(
          ChainSession,
          { registry: lower(registry), agent: lower(agent), revokedAt: null, expiresAt: { $gt: after } },
          { orderBy: { issuedAt: 'asc' } },
        );
      return rows.map(toSession);
    },

    async get(registry, sessionId) {
      const r = await store.em().findOne(ChainSession, { id: rowId(registry, sessionId) });
      return r ? toSession(r) : undefined;
    },

    async revoked(registry, sessionId, by, tx, at) {
      const n = await store
        .em()
        .nativeUpdate(
          ChainSession,
          { id: rowId(registry, sessionId), revokedAt: null },
          { revokedAt: at, revokedBy: by, revokedTx: tx, sealedKey: null },
        );
      return n > 0;
    },

    async history(registry, limit) {
      const em = store.em();
      const on = { registry: lower(registry) };
      // Each row holds up to two events; the newest `limit` of each kind cover the newest `limit` overall.
      const [issued, revoked] = await Promise.all([
        em.find(ChainSession, on, { orderBy: { issuedAt: 'desc' }, limit }),
        em.find(ChainSession, { ...on, revokedAt: { $ne: null } }, { orderBy: { revokedAt: 'desc' }, limit }),
      ]);
      const events: HistoryEvent[] = [
        ...issued.map((r) => ({
          sessionId: BigInt(r.sessionId),
          agent: r.agent as Hex,
          event: 'issued' as const,
          authorizedBy: r.issuedBy,
          txHash: r.issuedTx as Hex,
          at: r.issuedAt,
        })),
        ...revoked.map((r) => ({
          sessionId: BigInt(r.sessionId),
          agent: r.agent as Hex,
          event: 'revoked' as const,
          authorizedBy: r.revokedBy ?? '',
          txHash: (r.revokedTx ?? null) as Hex | null,
          at: r.revokedAt!,
        })),
      ];
      return events.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, limit);
    },
  };
}
