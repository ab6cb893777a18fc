/**
 * The delivery repository on PostgreSQL: the webhook hot path in raw SQL, prepared once per
 * connection (store/raw.ts), each statement taking many deliveries at once. The texts are fixed
 * (a batch is one JSON or array value, not a list of placeholders), so each is parsed and planned
 * once, not per batch size: the triggers with their flow, their principal's pause state and the
 * ledger's accepted keys among those asked; the ledger's accepted keys alone; and delivery rows
 * with their audit and outbox rows, as planned (plan.ts). Listing and retention are the ORM path's (orm.ts);
 * the accepted keys a gateway's ledger filter reads are ledger-log.ts's.
 */
import { outboxCtes } from '../audit/index.js';
import { WebhookDelivery } from '../entities/WebhookDelivery.js';
import { WebhookTrigger } from '../entities/WebhookTrigger.js';
import { columnsOf, type Column } from '../metadata.js';
import { fromJson, rawSql } from '../raw.js';
import type { Store } from '../types.js';
import type { OrmDeliveries } from './orm.js';
import { triggerRowReader } from './trigger-row.js';
import { ledgerKey, type DeliveryRepository } from './types.js';
import { planDeliveries, type DeliveryPlan } from './plan.js';
import { pgLedgerLog } from './ledger-log.js';

/** A column's value as the pg driver returns it, as the entity holds it (jsonb comes parsed, timestamps as text). */
const read = (c: Column, v: unknown): unknown =>
  v === null || v === undefined ? null : c.kind === 'date' ? new Date(v as string) : c.kind === 'json' ? fromJson(v) : v;

export function pgDeliveries(store: Store, orm: OrmDeliveries): DeliveryRepository {
  const sql = rawSql(store);
  const [T, D, F, P, A] = ['webhook_trigger', 'webhook_delivery', 'flow_definition', 'paused_agent', 'audit_event'].map((t) =>
    sql.table(t),
  );
  // `logged_tx` is the column's default (the writing transaction): an insert that named it would write null.
  const deliveryColumns = columnsOf(store, WebhookDelivery).filter((c) => c.name !== 'logged_tx');

  // Each key is probed on its own, by a lateral subquery with a limit, which PostgreSQL does not
  // fold into a join: the generic plan a prepared statement keeps, made while the log was young
  // and never analyzed, reads the unique index once per key. Joined as a set, such a plan read
  // every row of the log for every batch once the log had grown (thousands of rows a second
  // under load, with no analyze in between on a server without autovacuum).
  const ledgerOf = (tids: string, keys: string) =>
    `select k.t as trigger_id, k.k as delivery_key, d.at from unnest(${tids}::text[], ${keys}::text[]) as k(t, k)
      cross join lateral (select d.at from ${D} d where d.trigger_id = k.t and d.delivery_key = k.k and d.status = 'accepted' limit 1) d`;
  // The ledger's answer is made once (materialized) and handed to its trigger's row.
  const selectTriggers = `with l as materialized (${ledgerOf('$2', '$3')})
      select t.*, (select count(*) from ${P} p where p.seat = t.principal) as paused_count, f.id as f_id, f.trigger as f_trigger, f.scope_level as f_scope_level, f.scope_ref as f_scope_ref,
        (select json_agg(json_build_array(l.delivery_key, l.at)) from l where l.trigger_id = t.id) as l_accepted
      from ${T} t left join ${F} f on f.id = t.flow_id where t.id = any($1::text[])`;
  const toTrigger = triggerRowReader(columnsOf(store, WebhookTrigger), read);

  const selectAccepted = ledgerOf('$1', '$2');

  const names = deliveryColumns.map((c) => `"${c.name}"`).join(', ');
  const typed = deliveryColumns.map((c) => `"${c.name}" ${c.type}`).join(', ');
  // Data-modifying CTEs: `a` joins `d`'s RETURNING, so it sees exactly the rows inserted; `o`
  // and `f` run although nothing reads them (PostgreSQL executes every data-modifying CTE).
  const insertDeliveries = `with v as (
        select * from jsonb_to_recordset($1::jsonb) as v(${typed}, audit_type text, audit_at timestamptz, trace_id text, audit jsonb)
      ), d as (
        insert into ${D} (${names}) select ${names} from v on conflict (trigger_id, delivery_key) do nothing returning id
      ), a as (
        insert into ${A} (type, at, trace_id, data) select v.audit_type, v.audit_at, v.trace_id, v.audit from v join d on d.id = v.id where v.audit_type is not null
        returning id, data->>'runId' as run_id
      ), ${outboxCtes(sql, 'select id from a', 2)}
      select d.id, a.id as audit_id from d join v on v.id = d.id left join a on a.run_id = v.run_id`;
  /** A planned row as the statement's recordset reads it: its columns by name, dates as ISO text, with its audit row's fields. */
  const recordOf = ({ row, audit }: DeliveryPlan['rows'][number]): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const c of deliveryColumns) {
      const v = row[c.prop as keyof typeof row];
      out[c.name] = v instanceof Date ? v.toISOString() : v;
    }
    out.audit_type = audit?.type ?? null;
    out.audit_at = audit?.at.toISOString() ?? null;
    out.trace_id = audit?.traceId ?? null;
    out.audit = audit?.data ?? null;
    return out;
  };

  const triggersAndLedger: DeliveryRepository['triggersAndLedger'] = async (ids, keys) => {
    const values = [[...new Set(ids)], keys.map((k) => k.triggerId), keys.map((k) => k.deliveryKey)];
    const rows = (await sql.pg(selectTriggers, values)).rows;
    const accepted = new Map<string, Date>();
    for (const r of rows)
      for (const [key, at] of (r.l_accepted as [string, string][] | null) ?? []) accepted.set(ledgerKey(r.id as string, key), new Date(at));
    return { triggers: new Map(rows.map((r) => [r.id as string, toTrigger(r)])), accepted };
  };

  return {
    ...orm,

    triggers: async (ids) => (await triggersAndLedger(ids, [])).triggers,

    triggersAndLedger,

    ledgerLog: pgLedgerLog(sql),

    async acceptedAt(keys) {
      const rows = (await sql.pg(selectAccepted, [keys.map((k) => k.triggerId), keys.map((k) => k.deliveryKey)])).rows;
      return new Map(rows.map((r) => [ledgerKey(r.trigger_id as string, r.delivery_key as string), new Date(r.at as string | Date)]));
    },

    async insert(rows, published = []) {
      const plan = planDeliveries(rows, published);
      const out = await sql.pg(insertDeliveries, [JSON.stringify(plan.rows.map(recordOf)), plan.published]);
      return new Map(out.rows.map((r) => [r.id as string, r.audit_id === null ? null : String(r.audit_id)]));
    },
  };
}
