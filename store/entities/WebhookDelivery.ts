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
  indexes: [{ properties: ['triggerId', 'at'] }, { properties: ['loggedTx'] }],
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
    /**
     * The id of the transaction that wrote the row, set by the column's default on PostgreSQL
     * (`pg_current_xact_id()`; the default is the migration's, which the embedded engine, with no
     * such function, does not have: there it stays null). A gateway's ledger filter reads the
     * accepted rows committed since its last look by it (ingress/ledger-filter.ts); `at` is the
     * gateway's clock, set before the row is written, so it cannot order commits. Never written
     * by the application.
     */
    loggedTx: p.bigint().nullable().ignoreSchemaChanges('default'),
  },
});
export type WebhookDelivery = InferEntity<typeof WebhookDelivery>;
