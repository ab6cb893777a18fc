/**
 * The outbox of the event feed: one tiny row per audit row whose event the stream may not have
 * yet, written in the same statement as its audit row and deleted once the event is stored. A
 * table of its own (rather than a flag on `audit_event`) because flipping an indexed flag was a
 * non-HOT update of the whole audit row, with an entry in every one of its indexes; deleting a
 * row of one bigint only marks it dead.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const AuditOutbox = defineEntity({
  name: 'AuditOutbox',
  properties: {
    // The audit row's id (no foreign key: audit rows are never deleted, and the check would cost every insert).
    id: p.bigint('string').primary().autoincrement(false),
  },
});

// MikroORM 6.6 has no `Schema.class` to extend (that is 7.x): the type is inferred instead.
export type AuditOutbox = InferEntity<typeof AuditOutbox>;
