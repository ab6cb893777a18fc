/**
 * One chain log a follower has turned into audit events (the treasury indexer): the primary key
 * (txHash, logIndex) is what makes each log's events happen once ever, whichever replica or
 * retry reads it again.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ChainLog = defineEntity({
  name: 'ChainLog',
  properties: {
    txHash: p.string().primary(),
    logIndex: p.integer().primary(),
    block: p.bigint('string'),
    kind: p.string(),
    recordedAt: p.datetime(),
  },
});

// MikroORM 6.6 has no `Schema.class` to extend (that is 7.x): the type is inferred instead.
export type ChainLog = InferEntity<typeof ChainLog>;
