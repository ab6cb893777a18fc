/**
 * One line of a trigger's delivery log: key, outcome, reason,
 * byte count, run id, event type. Never the body. The unique (triggerId, deliveryKey) is what
 * makes a redelivery a no-op across replicas: the accepted copy inserts first, every other copy
 * hits the key. Rejections, skips and duplicates are logged under a generated key of their own
 * so a correct retry is never mistaken for a replay.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const WebhookDelivery = defineEntity({
  name: 'WebhookDelivery',
  uniques: [{ properties: ['triggerId', 'deliveryKey'] }],
  indexes: [{ properties: ['triggerId', 'at'] }],
  properties: {
    id: p.string().primary(),
    triggerId: p.string(),
    deliveryKey: p.string(),
    /** accepted, duplicate, skipped, rejected */
    status: p.string(),
    reason: p.string().nullable(),
    bytes: p.integer(),
    runId: p.string().nullable(),
    eventType: p.string().nullable(),
    /** True once the run.start command is stored in JetStream (false: a crash came between). */
    sent: p.boolean(),
    at: p.datetime(),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
