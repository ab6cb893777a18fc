/**
 * A rate limit's count for one key in one fixed window, shared by every gateway replica
 * (store/rate-windows.ts). The key is a digest of what is limited (a seat, an address, a
 * trigger), never a token; rows older than the window before last are deleted as counts go in.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const RateWindow = defineEntity({
  name: 'RateWindow',
  properties: {
    key: p.string().primary(),
    windowStart: p.bigint().primary(),
    count: p.integer(),
  },
});

export type RateWindow = InferEntity<typeof RateWindow>;
