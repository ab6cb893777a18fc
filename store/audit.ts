/**
 * The audit trail's two operations: append a row, and count rows by type since a date (what
 * `/usage` reports). Counting is one GROUP BY in the database, never a scan in JavaScript.
 */
import { raw } from '@mikro-orm/core';
import { AuditEvent } from './entities/AuditEvent.js';
import { sqlEm } from './sql.js';
import type { Store } from './types.js';

export interface AuditInput {
  type: string;
  traceId?: string | undefined;
  data: Record<string, unknown>;
}

export async function insertAudit(store: Store, event: AuditInput): Promise<void> {
  await store.em().insert(AuditEvent, { type: event.type, at: new Date(), traceId: event.traceId ?? null, data: event.data });
}

/** Rows with `at >= since`, counted by type. */
export async function usageCounts(store: Store, since: Date): Promise<Record<string, number>> {
  const rows = await sqlEm(store).createQueryBuilder(AuditEvent)
    .select(['type', raw('count(*) as n')])
    .where({ at: { $gte: since } })
    .groupBy('type')
    .execute<{ type: string; n: number | string }[]>('all');
  // PostgreSQL returns count(*) (a bigint) as a string.
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}
