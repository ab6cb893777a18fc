/**
 * One row per audited action. `/usage` counts these by `type` since a date, so both `type` and
 * `at` are indexed; `data` stays opaque JSON so new event kinds need no migration. Each row is
 * written with a row in `audit_outbox` (./AuditOutbox.ts), deleted once its event is stored in
 * the event stream; the outbox sweep re-sends the event until then.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const AuditEvent = defineEntity({
  name: 'AuditEvent',
  properties: {
    // bigint as a string: lossless past 2^53 and JSON-safe (a JS bigint is not).
    id: p.bigint('string').primary().autoincrement(),
    type: p.string().index(),
    at: p
      .datetime()
      .index()
      .onCreate(() => new Date()),
    traceId: p.string().nullable(),
    data: p.json<Record<string, unknown>>(),
  },
});

// MikroORM 6.6 has no `Schema.class` to extend (that is 7.x): the type is inferred instead.
export type AuditEvent = InferEntity<typeof AuditEvent>;
