/**
 * The delivery log's retention (RETENTION), the same three statements on both engines: the
 * per-trigger cap is a window function the ORM's query builder does not build, and the texts
 * read the same on PostgreSQL and SQLite (dates bound as each driver binds them).
 */
import { rawSql } from '../raw.js';
import type { Store } from '../types.js';
import { RETENTION } from './types.js';

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
