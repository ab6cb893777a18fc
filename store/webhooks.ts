/**
 * The webhook delivery hot path in raw SQL (store/raw.ts: prepared once per connection on
 * PostgreSQL, once per process on SQLite), each statement taking many deliveries at once so
 * concurrent ones share round trips and commits: triggers with their flow (trigger kind and
 * scope) and their principal's pause state; and delivery rows, whose unique (trigger id, delivery
 * key) decides duplicates, written together with the `WebhookDelivery` audit row of each one
 * accepted. The texts are fixed (a batch is one JSON or array value, not a list of placeholders),
 * so each is parsed and planned once, not per batch size. Everything else about triggers goes
 * through the entities.
 */
import { fromJson, rawSql } from './raw.js';
import { deleteOutboxSqlite, insertAuditSqlite, outboxCtes } from './audit.js';
import type { Store } from './types.js';
import type { WebhookTrigger } from './entities/WebhookTrigger.js';

/** The trigger as a delivery needs it: its principal's pause state and its flow as it is now
 * (`flow` undefined when the flow was deleted). */
export type TriggerRow = WebhookTrigger & {
  paused: boolean;
  flow: { trigger: string; scopeLevel: string; scopeRef: string | null } | undefined;
};

export interface DeliveryRow {
  id: string;
  triggerId: string;
  deliveryKey: string;
  status: string;
  reason: string | null;
  bytes: number;
  runId: string | null;
  eventType: string | null;
  sent: boolean;
  at: Date;
  /** The `WebhookDelivery` audit row to write with it, with its outbox row (store/audit.ts), only
   * if this row is the one inserted. `data.runId` is the row's run id. */
  audit?: { traceId: string | null; data: Record<string, unknown> };
}

function triggerRow(r: Record<string, unknown>): TriggerRow {
  return {
    id: r.id as string,
    flowId: r.flow_id as string,
    principal: r.principal as string,
    scheme: r.scheme as string,
    events: fromJson<string[]>(r.events),
    input: r.input === null ? null : fromJson<Record<string, unknown>>(r.input),
    config: r.config === null ? null : fromJson<Record<string, unknown>>(r.config),
    sealedSecret: (r.sealed_secret as string | null) ?? null,
    secretVersion: Number(r.secret_version),
    enabled: r.enabled === true || r.enabled === 1,
    createdBy: r.created_by as string,
    createdAt: new Date(r.created_at as string | number),
    updatedAt: new Date(r.updated_at as string | number),
    paused: Number(r.paused_count) > 0,
    flow:
      r.f_id === null || r.f_id === undefined
        ? undefined
        : { trigger: r.f_trigger as string, scopeLevel: r.f_scope_level as string, scopeRef: (r.f_scope_ref as string | null) ?? null },
  } as TriggerRow;
}

/** Several triggers in one round trip (the delivery path batches concurrent lookups). */
export async function triggersForDelivery(store: Store, ids: readonly string[]): Promise<Map<string, TriggerRow>> {
  const sql = rawSql(store);
  const unique = [...new Set(ids)];
  const select = `select t.*, (select count(*) from ${sql.table('paused_agent')} p where p.seat = t.principal) as paused_count, f.id as f_id, f.trigger as f_trigger, f.scope_level as f_scope_level, f.scope_ref as f_scope_ref
       from ${sql.table('webhook_trigger')} t left join ${sql.table('flow_definition')} f on f.id = t.flow_id where t.id `;
  const rows =
    sql.dialect === 'postgres'
      ? (await sql.pg(`${select}= any($1::text[])`, [unique])).rows
      : await sql.sqlite((prep) => prep(`${select}in (select value from json_each($1))`).all([JSON.stringify(unique)]));
  return new Map(rows.map((r) => [r.id as string, triggerRow(r)]));
}

/** A delivery as the ledger knows it: (trigger id, delivery key). */
export interface LedgerKey {
  triggerId: string;
  deliveryKey: string;
}

/**
 * When each (trigger id, delivery key) was accepted, for the keys the ledger holds: the witness
 * of a duplicate once the command stream's duplicate window has forgotten it. Several keys in one
 * round trip, each an equality lookup on the unique (trigger_id, delivery_key) index. The answer
 * is the `at` the accepting gateway put in the command, so a gateway can tell its own copy's row
 * (a worker may log it before this read returns) from an earlier copy's.
 */
export async function acceptedAt(store: Store, keys: readonly LedgerKey[]): Promise<Map<string, Date>> {
  const sql = rawSql(store);
  const select = `select d.trigger_id, d.delivery_key, d.at from ${sql.table('webhook_delivery')} d`;
  const rows =
    sql.dialect === 'postgres'
      ? (
          await sql.pg(
            `${select} join unnest($1::text[], $2::text[]) as k(t, k) on d.trigger_id = k.t and d.delivery_key = k.k where d.status = 'accepted'`,
            [keys.map((k) => k.triggerId), keys.map((k) => k.deliveryKey)],
          )
        ).rows
      : await sql.sqlite((prep) =>
          prep(
            `${select} join json_each($1) k on d.trigger_id = json_extract(k.value, '$[0]') and d.delivery_key = json_extract(k.value, '$[1]') where d.status = 'accepted'`,
          ).all([JSON.stringify(keys.map((k) => [k.triggerId, k.deliveryKey]))]),
        );
  return new Map(rows.map((r) => [ledgerKey(r.trigger_id as string, r.delivery_key as string), new Date(r.at as string | number | Date)]));
}

export function ledgerKey(triggerId: string, deliveryKey: string): string {
  return `${triggerId}\0${deliveryKey}`;
}

const COLUMNS = 'id, trigger_id, delivery_key, status, reason, bytes, run_id, event_type, sent, at';

/**
 * Inserts many delivery rows, and the audit row of each that is inserted, in one statement (one
 * transaction: an accepted row never stands without its audit row). A row whose (trigger id,
 * delivery key) is already there, or repeats one earlier in the batch, is not inserted and gets
 * no audit row. `published` are audit rows (of earlier deliveries) whose events the stream has
 * stored: their outbox rows are deleted in the same statement, sparing a statement and a commit
 * of their own.
 * Returns the inserted rows' ids, each with its audit row's id (null without one).
 */
export async function insertDeliveries(
  store: Store,
  rows: readonly DeliveryRow[],
  published: readonly string[] = [],
): Promise<Map<string, string | null>> {
  const sql = rawSql(store);
  const delivery = sql.table('webhook_delivery');
  const audit = sql.table('audit_event');
  if (sql.dialect === 'postgres') {
    const batch = JSON.stringify(
      rows.map((d) => ({
        id: d.id,
        trigger_id: d.triggerId,
        delivery_key: d.deliveryKey,
        status: d.status,
        reason: d.reason,
        bytes: d.bytes,
        run_id: d.runId,
        event_type: d.eventType,
        sent: d.sent,
        at: d.at.toISOString(),
        trace_id: d.audit?.traceId ?? null,
        audit: d.audit?.data ?? null,
      })),
    );
    // Data-modifying CTEs: `a` joins `d`'s RETURNING, so it sees exactly the rows inserted; `o`
    // and `f` run although nothing reads them (PostgreSQL executes every data-modifying CTE).
    const out = await sql.pg(
      `with v as (
        select * from jsonb_to_recordset($1::jsonb) as v(id text, trigger_id text, delivery_key text, status text, reason text, bytes int, run_id text, event_type text, sent boolean, at timestamptz, trace_id text, audit jsonb)
      ), d as (
        insert into ${delivery} (${COLUMNS}) select ${COLUMNS} from v on conflict (trigger_id, delivery_key) do nothing returning id
      ), a as (
        insert into ${audit} (type, at, trace_id, data) select 'WebhookDelivery', v.at, v.trace_id, v.audit from v join d on d.id = v.id where v.audit is not null
        returning id, data->>'runId' as run_id
      ), ${outboxCtes(sql, 'select id from a', 2)}
      select d.id, a.id as audit_id from d join v on v.id = d.id left join a on a.run_id = v.run_id`,
      [batch, [...published]],
    );
    return new Map(out.rows.map((r) => [r.id as string, r.audit_id === null ? null : String(r.audit_id)]));
  }
  // SQLite: one synchronous transaction on the single connection, a prepared statement per row.
  return sql.sqlite((prep, db) =>
    db.transaction(() => {
      const insert = prep(
        `insert into ${delivery} (${COLUMNS}) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (trigger_id, delivery_key) do nothing`,
      );
      const inserted = new Map<string, string | null>();
      deleteOutboxSqlite(prep, sql, published);
      for (const d of rows) {
        if (
          insert.run([
            d.id,
            d.triggerId,
            d.deliveryKey,
            d.status,
            d.reason,
            d.bytes,
            d.runId,
            d.eventType,
            sql.bool(d.sent),
            sql.date(d.at),
          ]).changes !== 1
        )
          continue;
        inserted.set(
          d.id,
          d.audit
            ? insertAuditSqlite(prep, sql, { type: 'WebhookDelivery', at: d.at, traceId: d.audit.traceId, data: d.audit.data })
            : null,
        );
      }
      return inserted;
    })(),
  );
}

/** How long the delivery log keeps what (documented in docs/triggers.md, "Retention"). */
export const RETENTION = {
  /** Accepted rows hold the producer's key: kept this long, they answer redeliveries `{duplicate: true}`. */
  acceptedMs: 30 * 24 * 3600_000,
  /** Rejected, duplicate and skipped rows: the newest this many per trigger ... */
  otherPerTrigger: 1000,
  /** ... and none older than this. */
  otherMs: 7 * 24 * 3600_000,
} as const;

/** Applies RETENTION and drops the rows of deleted triggers; returns the number of rows removed. */
export async function pruneDeliveries(store: Store, now: Date): Promise<number> {
  const sql = rawSql(store);
  const t = { delivery: sql.table('webhook_delivery'), trigger: sql.table('webhook_trigger') };
  const conn = store.em().getConnection();
  const time = (ms: number) => sql.date(new Date(now.getTime() - ms));
  const n = (res: unknown) => Number((res as { affectedRows?: number }).affectedRows ?? 0);
  let removed = n(await conn.execute(`delete from ${t.delivery} where trigger_id not in (select id from ${t.trigger})`, [], 'run'));
  removed += n(
    await conn.execute(
      `delete from ${t.delivery} where (status = 'accepted' and at < ?) or (status <> 'accepted' and at < ?)`,
      [time(RETENTION.acceptedMs), time(RETENTION.otherMs)],
      'run',
    ),
  );
  removed += n(
    await conn.execute(
      `delete from ${t.delivery} where id in (select id from (select id, row_number() over (partition by trigger_id order by at desc, id) as rn from ${t.delivery} where status <> 'accepted') x where x.rn > ?)`,
      [RETENTION.otherPerTrigger],
      'run',
    ),
  );
  return removed;
}
