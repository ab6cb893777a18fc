/**
 * The audit trail: append a row, count rows by type since a date (what `/usage` reports), and
 * the outbox (`audit_outbox`: the ids of rows whose event is not yet known to be in the event
 * stream). Counting is one GROUP BY in the database, never a scan in JavaScript.
 */
import { raw } from '@mikro-orm/core';
import { AuditEvent } from './entities/AuditEvent.js';
import { sqlEm } from './knex.js';
import { fromJson, rawSql, type RawSql, type SqliteStatement } from './raw.js';
import type { Store } from './types.js';

export interface AuditInput {
  type: string;
  traceId?: string | undefined;
  data: Record<string, unknown>;
  /** When it happened; default now (a row stored after a retry keeps the time of its event). */
  at?: Date | undefined;
}

export interface StoredAudit {
  id: string;
  type: string;
  at: Date;
  traceId: string | null;
  data: Record<string, unknown>;
}

/** Writes the row and its outbox row (the event is owed until `markPublished`) and returns it.
 * Raw statements: this runs twice per flow run, where ORM query building was a top cost. */
export async function insertAudit(store: Store, event: AuditInput): Promise<StoredAudit> {
  const row = { type: event.type, at: event.at ?? new Date(), traceId: event.traceId ?? null, data: event.data };
  const sql = rawSql(store);
  if (sql.dialect === 'postgres') {
    const out = await sql.pg(
      `with a as (insert into ${sql.table('audit_event')} ("type", "at", "trace_id", "data") values ($1, $2, $3, $4) returning "id"), ` +
        `${outboxCtes(sql, 'select "id" from a')} select "id" from a`,
      [row.type, row.at, row.traceId, sql.json(row.data)],
    );
    return { id: String(out.rows[0]!.id), ...row };
  }
  return { id: await sql.sqlite((prep, db) => db.transaction(() => insertAuditSqlite(prep, sql, row))()), ...row };
}

/** SQLite, inside the caller's transaction: an audit row and its outbox row; the row's id. */
export function insertAuditSqlite(
  prep: (text: string) => SqliteStatement,
  sql: RawSql,
  row: { type: string; at: Date; traceId: string | null; data: unknown },
): string {
  const id = prep(`insert into ${sql.table('audit_event')} ("type", "at", "trace_id", "data") values ($1, $2, $3, $4) returning "id"`).all([
    row.type,
    sql.date(row.at),
    row.traceId,
    sql.json(row.data),
  ])[0]!.id;
  prep(`insert into ${sql.table('audit_outbox')} ("id") values ($1)`).run([id]);
  return String(id);
}

/**
 * PostgreSQL, for a statement that writes audit rows of its own: the data-modifying CTEs (`o`,
 * and `f` with `publishedParam`) that give the rows `ids` selects their outbox rows and delete the
 * outbox rows of the ids in `$<publishedParam>` (events the stream has stored since). PostgreSQL
 * runs every data-modifying CTE, read or not.
 */
export function outboxCtes(sql: RawSql, ids: string, publishedParam?: number): string {
  const t = sql.table('audit_outbox');
  const insert = `o as (insert into ${t} ("id") ${ids})`;
  return publishedParam === undefined ? insert : `${insert}, f as (delete from ${t} where "id" = any($${publishedParam}::bigint[]))`;
}

/** SQLite, inside the caller's transaction: deletes the outbox rows of `ids`. */
export function deleteOutboxSqlite(prep: (text: string) => SqliteStatement, sql: RawSql, ids: readonly string[]): void {
  if (ids.length)
    prep(`delete from ${sql.table('audit_outbox')} where "id" in (select value from json_each($1))`).run([JSON.stringify(ids.map(Number))]);
}

/** Deletes the outbox rows of events the stream has stored: one statement for any number of ids
 * (a fixed text, so it is prepared once). */
export async function markPublished(store: Store, ids: readonly string[]): Promise<void> {
  if (!ids.length) return;
  const sql = rawSql(store);
  if (sql.dialect === 'postgres') await sql.pg(`delete from ${sql.table('audit_outbox')} where "id" = any($1::bigint[])`, [[...ids]]);
  else await sql.sqlite((prep) => deleteOutboxSqlite(prep, sql, ids));
}

/** The oldest audit rows still in the outbox, written before `before`. */
export async function unpublishedAudit(store: Store, before: Date, limit: number): Promise<StoredAudit[]> {
  const sql = rawSql(store);
  const rows = await sql.rows(
    `select e."id", e."type", e."at", e."trace_id", e."data" from ${sql.table('audit_outbox')} o join ${sql.table('audit_event')} e on e."id" = o."id" ` +
      'where e."at" < $1 order by o."id" limit $2',
    [sql.date(before), limit],
  );
  return rows.map((r) => ({
    id: String(r.id),
    type: r.type as string,
    at: new Date(r.at as Date | number),
    traceId: (r.trace_id as string | null) ?? null,
    data: fromJson<Record<string, unknown>>(r.data),
  }));
}

/** Rows with `at >= since`, counted by type. */
export async function usageCounts(store: Store, since: Date): Promise<Record<string, number>> {
  const rows = await sqlEm(store)
    .createQueryBuilder(AuditEvent)
    .select(['type', raw('count(*) as n')])
    .where({ at: { $gte: since } })
    .groupBy('type')
    .execute<{ type: string; n: number | string }[]>('all');
  // PostgreSQL returns count(*) (a bigint) as a string.
  return Object.fromEntries(rows.map((r) => [r.type, Number(r.n)]));
}
