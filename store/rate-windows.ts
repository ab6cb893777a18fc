/**
 * Rate-limit counts shared by every gateway replica: one row per (key, fixed window). A replica
 * adds the requests it counted since its last write and reads the window's total back in the same
 * statement, for many keys at once (gateway/rate-limit.ts batches them). PostgreSQL only: the
 * embedded store serves one process, whose counts stay in memory.
 */
import { rawSql } from './raw.js';
import type { Store } from './types.js';

export interface RateCount {
  readonly key: string;
  readonly windowStart: number;
  readonly count: number;
}

export interface RateWindows {
  /** Adds each delta to its window's count (rows created as needed) and returns the new totals. */
  add(deltas: readonly RateCount[]): Promise<RateCount[]>;
  /** Deletes the windows that started before `before` (epoch ms). */
  forget(before: number): Promise<void>;
}

export function rateWindowsOf(store: Store): RateWindows {
  const sql = rawSql(store);
  const t = sql.table('rate_window');
  const upsert =
    `insert into ${t} ("key", "window_start", "count") select * from unnest($1::varchar[], $2::bigint[], $3::int[]) ` +
    `on conflict ("key", "window_start") do update set "count" = ${t}."count" + excluded."count" ` +
    `returning "key", "window_start", "count"`;
  return {
    async add(deltas) {
      if (deltas.length === 0) return [];
      // One row per (key, window) in a statement: ON CONFLICT may not touch a row twice.
      const merged = new Map<string, RateCount>();
      for (const d of deltas) {
        const id = `${d.windowStart}|${d.key}`;
        const prev = merged.get(id);
        merged.set(id, prev ? { ...prev, count: prev.count + d.count } : d);
      }
      const rows = [...merged.values()];
      const res = await sql.pg(upsert, [rows.map((r) => r.key), rows.map((r) => String(r.windowStart)), rows.map((r) => r.count)]);
      return res.rows.map((r) => ({ key: String(r.key), windowStart: Number(r.window_start), count: Number(r.count) }));
    },
    async forget(before) {
      await sql.pg(`delete from ${t} where "window_start" < $1`, [String(before)]);
    },
  };
}
