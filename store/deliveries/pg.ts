/**
 * The delivery repository on PostgreSQL: the webhook hot path in raw SQL, prepared once per
 * connection (store/raw.ts), each statement taking many deliveries at once. The texts are fixed
 * (a batch is one JSON or array value, not a list of placeholders), so each is parsed and planned
 * once, not per batch size: the triggers with their flow and their principal's pause state; the
 * ledger's accepted keys; and delivery rows with their audit and outbox rows. Listing and
 * retention are the ORM path's (orm.ts).
 */
import { outboxCtes } from '../audit/index.js';
import { WebhookDelivery } from '../entities/WebhookDelivery.js';
import { WebhookTrigger } from '../entities/WebhookTrigger.js';
import { columnsOf, type Column } from '../metadata.js';
import { fromJson, rawSql } from '../raw.js';
import type { Store } from '../types.js';
import type { OrmDeliveries } from './orm.js';
import { triggerRowReader } from './trigger-row.js';
import { ledgerKey, type DeliveryRepository, type DeliveryRow } from './types.js';

/** A column's value as the pg driver returns it, as the entity holds it (jsonb comes parsed, timestamps as text). */
const read = (c: Column, v: unknown): unknown =>
  v === null || v === undefined ? null : c.kind === 'date' ? new Date(v as string) : c.kind === 'json' ? fromJson(v) : v;

export function pgDeliveries(store: Store, orm: OrmDeliveries): DeliveryRepository {
  const sql = rawSql(store);
  const [T, D, F, P, A] = ['webhook_trigger', 'webhook_delivery', 'flow_definition', 'paused_agent', 'audit_event'].map((t) =>
    sql.table(t),
  );
  const deliveryColumns = columnsOf(store, WebhookDelivery);

  const selectTriggers = `select t.*, (select count(*) from ${P} p where p.seat = t.principal) as paused_count, f.id as f_id, f.trigger as f_trigger, f.scope_level as f_scope_level, f.scope_ref as f_scope_ref
       from ${T} t left join ${F} f on f.id = t.flow_id where t.id = any($1::text[])`;
  const toTrigger = triggerRowReader(columnsOf(store, WebhookTrigger), read);

  const selectAccepted =
    `select d.trigger_id, d.delivery_key, d.at from ${D} d join unnest($1::text[], $2::text[]) as k(t, k) on d.trigger_id = k.t and d.delivery_key = k.k ` +
    "where d.status = 'accepted'";

  const names = deliveryColumns.map((c) => `"${c.name}"`).join(', ');
  const typed = deliveryColumns.map((c) => `"${c.name}" ${c.type}`).join(', ');
  // Data-modifying CTEs: `a` joins `d`'s RETURNING, so it sees exactly the rows inserted; `o`
  // and `f` run although nothing reads them (PostgreSQL executes every data-modifying CTE).
  const insertDeliveries = `with v as (
        select * from jsonb_to_recordset($1::jsonb) as v(${typed}, trace_id text, audit jsonb)
      ), d as (
        insert into ${D} (${names}) select ${names} from v on conflict (trigger_id, delivery_key) do nothing returning id
      ), a as (
        insert into ${A} (type, at, trace_id, data) select 'WebhookDelivery', v.at, v.trace_id, v.audit from v join d on d.id = v.id where v.audit is not null
        returning id, data->>'runId' as run_id
      ), ${outboxCtes(sql, 'select id from a', 2)}
      select d.id, a.id as audit_id from d join v on v.id = d.id left join a on a.run_id = v.run_id`;
  /** A row as the statement's recordset reads it: its columns by name, dates as ISO text, with its audit row's fields. */
  const recordOf = (d: DeliveryRow): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const c of deliveryColumns) {
      const v = d[c.prop as keyof DeliveryRow];
      out[c.name] = v instanceof Date ? v.toISOString() : v;
    }
    out.trace_id = d.audit?.traceId ?? null;
    out.audit = d.audit?.data ?? null;
    return out;
  };

  return {
    ...orm,

    async triggers(ids) {
      const rows = (await sql.pg(selectTriggers, [[...new Set(ids)]])).rows;
      return new Map(rows.map((r) => [r.id as string, toTrigger(r)]));
    },

    async acceptedAt(keys) {
      const rows = (await sql.pg(selectAccepted, [keys.map((k) => k.triggerId), keys.map((k) => k.deliveryKey)])).rows;
      return new Map(rows.map((r) => [ledgerKey(r.trigger_id as string, r.delivery_key as string), new Date(r.at as string | Date)]));
    },

    async insert(rows, published = []) {
      const out = await sql.pg(insertDeliveries, [JSON.stringify(rows.map(recordOf)), [...published]]);
      return new Map(out.rows.map((r) => [r.id as string, r.audit_id === null ? null : String(r.audit_id)]));
    },
  };
}
