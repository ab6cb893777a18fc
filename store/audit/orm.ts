/** The audit repository's part on the ORM: what both engines read the same way, and the outbox sweep's read on the embedded engine. */
import { raw } from '@mikro-orm/core';
import { AuditEvent } from '../entities/AuditEvent.js';
import { AuditOutbox } from '../entities/AuditOutbox.js';
import { sqlEm } from '../knex.js';
import type { Store } from '../types.js';
import type { AuditRepository } from './types.js';

export type OrmAudit = Pick<AuditRepository, 'usageCounts' | 'unpublished'>;

export function ormAudit(store: Store): OrmAudit {
  return {
    async usageCounts(since) {
      const rows = await sqlEm(store)
        .createQueryBuilder(AuditEvent)
        .select(['type', raw('count(*) as n')])
        .where({ at: { $gte: since } })
        .groupBy('type')
        .execute<{ type: string; n: number | string }[]>('all');
      // PostgreSQL returns count(*) (a bigint) as a string.
      return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
    },

    async unpublished(before, limit) {
      const em = sqlEm(store);
      // An outbox row has the id of its audit row, so ordering the events by id orders the outbox.
      const owed = em.createQueryBuilder(AuditOutbox).select('id').getKnexQuery();
      const rows = await em
        .createQueryBuilder(AuditEvent)
        .where({ id: { $in: owed }, at: { $lt: before } })
        .orderBy({ id: 'asc' })
        .limit(limit)
        .getResultList();
      return rows.map((r) => ({ id: r.id, type: r.type, at: new Date(r.at), traceId: r.traceId ?? null, data: r.data }));
    },
  };
}
