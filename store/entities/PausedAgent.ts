/**
 * A paused agent (seat). The run engine honours it at run start (a run starts only
 * when its principal is not paused) and the hooks route refuses deliveries for it with 403
 * `webhook_principal_paused` so the producer retries later. Helpers: store/paused.ts.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const PausedAgent = defineEntity({
  name: 'PausedAgent',
  properties: {
    seat: p.string().primary(),
    reason: p.string().nullable(),
    pausedBy: p.string(),
    pausedAt: p.datetime(),
  },
});
export type PausedAgent = InferEntity<typeof PausedAgent>;
