/**
 * The ledger's accepted keys for a gateway's filter (ingress/ledger-filter.ts), on PostgreSQL:
 * all of them in chunks of the unique index's order, and those committed since a snapshot.
 *
 * Why a snapshot, not a clock or a sequence: `at` is the gateway's clock, set before the worker
 * writes the row, and a sequence value is taken at insert, not at commit, so a row with a lower
 * value can commit after a reader has passed it (and a conflicting insert burns values that never
 * appear). Each row carries the id of the transaction that wrote it (`logged_tx`, the column's
 * default). A read returns the rows whose transaction was not yet committed in the previous read's
 * snapshot, and the snapshot of its own statement, which is the one every row it returned was
 * judged in: a row committed after one read's snapshot is not visible in it, and is returned by the
 * first later read whose snapshot sees it. Nothing committed is ever passed over, however long its
 * transaction took. `logged_tx >= xmin` (no transaction that was running in a snapshot, nor any
 * later one, has a lower id) keeps the read on the column's index; a transaction left open
 * elsewhere holds xmin back and makes the reads longer, never wrong.
 */
import type { RawSql } from '../raw.js';
import type { LedgerKey, LedgerLog } from './types.js';

export function pgLedgerLog(sql: RawSql): LedgerLog {
  const D = sql.table('webhook_delivery');
  const begin = `select pg_current_snapshot()::text as snapshot, (select count(*) from ${D} where status = 'accepted') as n`;
  // A row comparison on the unique index's columns: each chunk starts where the last ended.
  const chunk = `select trigger_id, delivery_key from ${D}
      where (trigger_id, delivery_key) > ($1, $2) and status = 'accepted' order by trigger_id, delivery_key limit $3`;
  const since = `select pg_current_snapshot()::text as snapshot,
      (select json_agg(json_build_array(d.trigger_id, d.delivery_key)) from ${D} d
        where d.logged_tx >= pg_snapshot_xmin($1::pg_snapshot)::text::bigint and d.status = 'accepted'
          and not pg_visible_in_snapshot(d.logged_tx::text::xid8, $1::pg_snapshot)) as keys`;
  const keyOf = (r: Record<string, unknown>): LedgerKey => ({ triggerId: r.trigger_id as string, deliveryKey: r.delivery_key as string });
  return {
    async begin() {
      const r = (await sql.pg(begin, [])).rows[0]!;
      return { snapshot: r.snapshot as string, count: Number(r.n) };
    },
    async chunk(after, limit) {
      // No trigger id is empty, so ('', '') is before every key.
      return (await sql.pg(chunk, [after?.triggerId ?? '', after?.deliveryKey ?? '', limit])).rows.map(keyOf);
    },
    async since(snapshot) {
      const r = (await sql.pg(since, [snapshot])).rows[0]!;
      const keys = ((r.keys as [string, string][] | null) ?? []).map(([triggerId, deliveryKey]) => ({ triggerId, deliveryKey }));
      return { keys, snapshot: r.snapshot as string };
    },
  };
}
