/**
 * A pending root challenge: 32 random bytes handed to the person who holds the root, bound to one
 * action on one subject, good for one verify attempt before `expiresAt`. Kept in the store so
 * that a challenge one gateway replica issued is answered on any other, and consumed by one
 * atomic delete so that it is answered at most once across all of them. The row holds the
 * SHA-256 of the challenge, not the challenge itself.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const RootChallenge = defineEntity({
  name: 'RootChallenge',
  indexes: [{ properties: ['createdAt'] }],
  properties: {
    /** Hex SHA-256 of the challenge bytes. */
    id: p.string().primary(),
    action: p.string(),
    subject: p.string(),
    /** The asset router an intent subject lives on; null for session subjects. */
    asset: p.string().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime(),
  },
});

export type RootChallenge = InferEntity<typeof RootChallenge>;
