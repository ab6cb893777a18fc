/**
 * The audit repository on PostgreSQL: an audit row and its outbox row in one statement
 * (data-modifying CTEs), the outbox deletes in one statement for any number of ids (a fixed text,
 * prepared once). An append runs about twice per flow run, where ORM query building was a top
 * cost. `outboxCtes` is the same outbox write for the run and delivery statements that write
 * audit rows of their own.
 */
import { fromJson, rawSql, type PgRun, type RawSql } from '../raw.js';
import { planAudit, planPublished, type AuditRow } from './plan.js';
import type { Store } from '../types.js';
import type { OrmAudit } from './orm.js';
import type { AuditRepository } from './types.js';

/**
 * For a statement that writes audit rows of its own: the data-modifying CTEs (`o`, and `f` with
 * `publishedParam`) that give the rows `ids` selects their outbox rows and delete the outbox rows
 * of the ids in `$<publishedParam>` (events the stream has stored since). PostgreSQL runs every
 * data-modifying CTE, read or not.
 */
export function outboxCtes(sql: { table(name: string): string }, ids: string, publishedParam?: number): string {
  const t = sql.table('audit_outbox');
  const insert = `o as (insert into ${t} ("id") ${ids})`;
  return publishedParam === undefined ? insert : `${insert}, f as (delete from ${t} where "id" = any($${publishedParam}::bigint[]))`;
}

/** An audit row (`$1`-`$4`: type, at, trace id, data) and its outbox row in one statement; returns its `id`. */
export const appendText = (sql: { table(name: string): string }): string =>
  `with a as (insert into ${sql.table('audit_event')} ("type", "at", "trace_id", "data") values ($1, $2, $3, $4) returning "id"), ` +
  `${outboxCtes(sql, 'select "id" from a')} select "id" from a`;

/** Runs `appendText` for a planned row (through `run`, inside the caller's transaction or alone); the row's id. */
export async function appendPg(run: PgRun, sql: RawSql, row: AuditRow): Promise<string> {
  const out = await run(appendText(sql), [row.type, row.at, row.traceId, sql.json(row.data)]);
  return String(out.rows[0]!.id);
}

export function pgAudit(store: Store, orm: OrmAudit): AuditRepository {
  const sql = rawSql(store);
  const [E, O] = [sql.table('audit_event'), sql.table('audit_outbox')];
  const unpublished =
    `select e."id", e."type", e."at", e."trace_id", e."data" from ${O} o join ${E} e on e."id" = o."id" ` +
    'where e."at" < $1 order by o."id" limit $2';
  return {
    ...orm,

    async append(event) {
      const row = planAudit(event, new Date());
      return { id: await appendPg(sql.pg, sql, row), ...row };
    },

    async published(ids) {
      if (ids.length) await sql.pg(`delete from ${O} where "id" = any($1::bigint[])`, [planPublished(ids)]);
    },

    async unpublished(before, limit) {
      const { rows } = await sql.pg(unpublished, [before, limit]);
      return rows.map((r) => ({
        id: String(r.id),
        type: r.type as string,
        at: new Date(r.at as Date),
        traceId: (r.trace_id as string | null) ?? null,
        data: fromJson<Record<string, unknown>>(r.data),
      }));
    },
  };
}
