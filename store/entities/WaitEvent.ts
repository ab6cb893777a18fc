/**
 * A releaser trigger's event (a verified delivery a `wait` step waits for): kept until it releases
 * a wait of its flow and principal with the same key, or until `expiresAt` (SVC_WAIT_BUFFER_MS
 * after it arrived). Its id comes from (trigger id, delivery key), so a redelivered copy is the
 * same row. The unique `waitId` lets no wait take two events. The body is never kept: `input` is
 * the trigger's mapped input, which becomes the wait step's output.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const WaitEvent = defineEntity({
  name: 'WaitEvent',
  indexes: [{ properties: ['flowId', 'principal', 'key', 'expiresAt'] }],
  properties: {
    id: p.string().primary(),
    triggerId: p.string(),
    deliveryKey: p.string(),
    flowId: p.string(),
    principal: p.string(),
    key: p.string(),
    input: p.text(),
    receivedAt: p.datetime(),
    expiresAt: p.datetime().index(),
    /** The wait it released (`<runId>/<stepId>`). */
    waitId: p.string().nullable().unique(),
  },
});

export type WaitEvent = InferEntity<typeof WaitEvent>;
