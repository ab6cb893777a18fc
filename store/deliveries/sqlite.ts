/**
 * The delivery repository on the embedded engine: the delivery path's three operations as
 * synchronous prepared statements on the one connection, as the run and audit repositories do
 * there. Through the ORM each took 2-5 ms where these take ~0.15 (a webhook delivery fell from
 * ~4,000/s to ~110/s, measured 2026-11-25 on this machine). Listing and retention are the ORM
 * path's (orm.ts). A batch's inserts are planned once for both engines (plan.ts).
 */
import { insertAuditSqlite } from '../audit/sqlite.js';
import { WebhookDelivery } from '../entities/WebhookDelivery.js';
import { WebhookTrigger } from '../entities/WebhookTrigger.js';
import { columnsOf, fromSqlite, type Column } from '../metadata.js';
import { rawSql, type SqliteStatement } from '../raw.js';
import type { Store } from '../types.js';
import type { OrmDeliveries } from './orm.js';
import { planDeliveries } from './plan.js';
import { triggerRowReader } from './trigger-row.js';
import { ledgerKey, type DeliveryRepository, type LedgerKey, type TriggerRow } from './types.js';

export function sqliteDeliveries(store: Store, orm: OrmDeliveries): DeliveryRepository {
  const sql = rawSql(store);
  const [T, D, F, P] = ['webhook_trigger', 'webhook_delivery', 'flow_definition', 'paused_agent'].map((t) => sql.table(t));
  const deliveryColumns = columnsOf(store, WebhookDelivery);

  const selectTriggers = `select t.*, (select count(*) from ${P} p where p.seat = t.principal) as paused_count, f.id as f_id, f.trigger as f_trigger, f.scope_level as f_scope_level, f.scope_ref as f_scope_ref
       from ${T} t left join ${F} f on f.id = t.flow_id where t.id in (select value from json_each($1))`;
  const toTrigger = triggerRowReader(columnsOf(store, WebhookTrigger), fromSqlite);

  const selectAccepted =
    `select d.trigger_id, d.delivery_key, d.at from ${D} d join json_each($1) k ` +
    `on d.trigger_id = json_extract(k.value, '$[0]') and d.delivery_key = json_extract(k.value, '$[1]') where d.status = 'accepted'`;

  const readTriggers = (prep: (text: string) => SqliteStatement, ids: readonly string[]): Map<string, TriggerRow> =>
    new Map(
      prep(selectTriggers)
        .all([JSON.stringify([...new Set(ids)])])
        .map((r) => [r.id as string, toTrigger(r)]),
    );
  const readAccepted = (prep: (text: string) => SqliteStatement, keys: readonly LedgerKey[]): Map<string, Date> => {
    if (!keys.length) return new Map();
    const rows = prep(selectAccepted).all([JSON.stringify(keys.map((k) => [k.triggerId, k.deliveryKey]))]);
    return new Map(rows.map((r) => [ledgerKey(r.trigger_id as string, r.delivery_key as string), new Date(r.at as number)]));
  };

  const names = deliveryColumns.map((c) => `"${c.name}"`).join(', ');
  const insertDelivery = `insert into ${D} (${names}) values (${deliveryColumns.map((_, i) => `$${i + 1}`).join(', ')}) on conflict ("trigger_id", "delivery_key") do nothing`;
  const bind = (c: Column, v: unknown): unknown =>
    c.kind === 'json' ? sql.json(v) : c.kind === 'date' ? sql.date(v as Date | null) : c.kind === 'bool' ? sql.bool(v as boolean) : v;

  return {
    ...orm,

    triggers: (ids) => sql.sqlite((prep) => readTriggers(prep, ids)),

    acceptedAt: (keys) => sql.sqlite((prep) => readAccepted(prep, keys)),

    // Both on the one connection in one turn, as a single statement would be on PostgreSQL.
    triggersAndLedger: (ids, keys) => sql.sqlite((prep) => ({ triggers: readTriggers(prep, ids), accepted: readAccepted(prep, keys) })),

    insert: (rows, published = []) => {
      const plan = planDeliveries(rows, published);
      return sql.sqlite((prep, db) =>
        db.transaction(() => {
          if (plan.published.length)
            prep(`delete from ${sql.table('audit_outbox')} where "id" in (select value from json_each($1))`).run([
              JSON.stringify(plan.published),
            ]);
          const insert = prep(insertDelivery);
          const inserted = new Map<string, string | null>();
          for (const { row, audit } of plan.rows) {
            const values = deliveryColumns.map((c) => bind(c, (row as Record<string, unknown>)[c.prop] ?? null));
            if (insert.run(values).changes !== 1) continue;
            inserted.set(row.id, audit ? insertAuditSqlite(prep, sql, audit) : null);
          }
          return inserted;
        })(),
      );
    },
  };
}
