/**
 * A session key this orchestrator issued, keyed by registry and session id. Its
 * private half is kept only sealed under SVC_SESSION_KEY (`sealedKey`, null without one: the key
 * then lives in this process's memory alone); the rest is public on chain and is what
 * /sessions/history shows. A key is looked up for reuse by (agent, maxValue, pins, mask).
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ChainSession = defineEntity({
  name: 'ChainSession',
  properties: {
    /** `<registry address>:<session id>`, lower case. */
    id: p.string().primary(),
    registry: p.string(),
    sessionId: p.string(),
    agent: p.string(),
    keyAddress: p.string(),
    /** Decimal base units; uint256 max is unlimited. */
    maxValue: p.string(),
    mask: p.integer(),
    /** The pinned targets, lower case, sorted, comma-separated; empty: any. */
    pins: p.text(),
    expiresAt: p.datetime(),
    sealedKey: p.text().nullable(),
    issuedBy: p.string(),
    issuedTx: p.string(),
    issuedAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    revokedBy: p.string().nullable(),
    revokedTx: p.string().nullable(),
  },
  indexes: [{ properties: ['agent', 'maxValue', 'mask'] }],
});
export type ChainSession = InferEntity<typeof ChainSession>;
