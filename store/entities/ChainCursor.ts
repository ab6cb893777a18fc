/**
 * How far a chain follower has read: the last block whose logs are all recorded, per stream
 * (`treasury:<chainId>:<org>`, one per deployment). Written in the same transaction as the logs
 * and audit rows of its blocks, so a restart resumes exactly after them.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ChainCursor = defineEntity({
  name: 'ChainCursor',
  properties: {
    stream: p.string().primary(),
    // A block number is a uint64: bigint as a string, lossless and JSON-safe.
    block: p.bigint('string'),
    updatedAt: p.datetime(),
  },
});

// MikroORM 6.6 has no `Schema.class` to extend (that is 7.x): the type is inferred instead.
export type ChainCursor = InferEntity<typeof ChainCursor>;
