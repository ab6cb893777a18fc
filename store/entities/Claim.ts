/**
 * A once-per-window claim (`clock.minute:29384`): the primary key is the whole point, since
 * the database's unique check is what lets exactly one of many workers win a window.
 * `expiresAt` null means the claim holds until it is released.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const Claim = defineEntity({
  name: 'Claim',
  properties: {
    key: p.string().primary(),
    holder: p.string(),
    claimedAt: p.datetime(),
    expiresAt: p.datetime().nullable(),
  },
});

// MikroORM 6.6 has no `Schema.class` to extend (that is 7.x): the type is inferred instead.
export type Claim = InferEntity<typeof Claim>;
