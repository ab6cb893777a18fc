/**
 * The intent history (`/intents/history`): one row per resolution an approver sent
 * through svc, with what the chain made of it (settled, climbed to the next seat, rejected, or
 * closed by a DENY at that seat) and who authorized it. The chain holds the intent itself; this
 * holds what only svc knows: the authorization and when it was sent.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ChainIntent = defineEntity({
  name: 'ChainIntent',
  indexes: [{ properties: ['at'] }, { properties: ['asset', 'intentId'] }],
  properties: {
    id: p.string().primary(),
    asset: p.string(),
    intentId: p.string(),
    outcome: p.string(),
    approved: p.boolean(),
    approver: p.string(),
    authorizedBy: p.string(),
    /** The seat the intent waits on after a climb. */
    awaiting: p.string().nullable(),
    txHash: p.string(),
    at: p.datetime(),
  },
});

export type ChainIntent = InferEntity<typeof ChainIntent>;
