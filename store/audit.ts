/**
 * The audit trail: append a row, count rows by type since a date (what `/usage` reports), and
 * the outbox half (rows whose event is not yet in the event stream). Counting is one GROUP BY in
 * the database, never a scan in JavaScript.
 */
import { raw } from '@mikro-orm/core';
import { AuditEvent } from './entities/AuditEvent.js';
import { sqlEm } from './sql.js';
import { rawSql } from './raw.js';
import type { Store } from './types.js';

export interface AuditInput {
  type: string;
  traceId?: string | undefined;
  data: Record<string, unknown>;
}

export interface StoredAudit {
  id: string;
  type: string;
  at: Date;
  traceId: string | null;
  data: Record<string, unknown>;
}

/** Writes the row unpublished and returns it; `markPublished` flags it once its event is stored.
 * One raw statement: this runs twice per flow run, where ORM query building was a top cost. */
export async function insertAudit(store: Store, event: AuditInput): Promise<StoredAudit> {
  const row = { type: event.type, at: new Date(), traceId: event.traceId ?? null, data: event.data };
  const sql = rawSql(store);
  const text = `insert into ${sql.table('audit_event')} ("type", "at", "trace_id", "data", "published") values ($1, $2, $3, $4, $5) returning "id"`;
  const values = [row.type, sql.date(row.at), row.traceId, sql.json(row.data), sql.bool(false)];
  const rows = await sql.rows(text, values);
  return { id: String(rows[0]!.id), ...row };
}

/** One statement for any number of ids (a fixed text, so it is prepared once). */
export async function markPublished(store: Store, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const sql = rawSql(store);
  const t = sql.table('audit_event');
  if (sql.dialect === 'postgres') await sql.pg(`update ${t} set "published" = true where "id" = any($1::bigint[])`, [[...ids]]);
  else await sql.sqlite((prep) => prep(`update ${t} set "published" = 1 where "id" in (select value from json_each($1))`).run([JSON.stringify(ids.map(Number))]));
}

/** The oldest rows whose event is not known to be stored, written before `before`. */
export async function unpublishedAudit(store: Store, before: Date, limit: number): Promise<StoredAudit[]> {
  const rows = await store.em().find(AuditEvent, { published: false, at: { $lt: before } }, { orderBy: { id: 'asc' }, limit });
  return rows.map((r) => ({ id: String(r.id), type: r.type, at: r.at, traceId: r.traceId ?? null, data: r.data }));
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
