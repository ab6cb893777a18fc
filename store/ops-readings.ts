/**
 * What an operator's scraper reads from the store at scrape time (kernel/metrics.ts): human gates
 * still open, the audit outbox's depth and the age of its oldest row, and the pool's connections.
 * Two small statements; the outbox is empty but for events not yet on the stream.
 */
import { rawSql } from './raw.js';
import { poolUse } from './knex.js';
import type { Store } from './types.js';

export interface StoreReadings {
  gatesOpen: number;
  outbox: { depth: number; oldestAgeSeconds: number };
  pool?: { used: number; free: number; pending: number; max: number };
}

export async function storeReadings(store: Store, now: number = Date.now()): Promise<StoreReadings> {
  const sql = rawSql(store);
  const [gates, outbox] = await Promise.all([
    sql.rows(`select count(*) as n from ${sql.table('gate_question')} where status = 'open'`, []),
    sql.rows(
      `select count(*) as n, min(a.at) as oldest from ${sql.table('audit_outbox')} o join ${sql.table('audit_event')} a on a.id = o.id`,
      [],
    ),
  ]);
  const oldest = outbox[0]?.oldest;
  const oldestAt = oldest === null || oldest === undefined ? undefined : new Date(oldest as string | number | Date).getTime();
  const pool = poolUse(store.orm);
  return {
    gatesOpen: Number(gates[0]?.n ?? 0),
    outbox: {
      depth: Number(outbox[0]?.n ?? 0),
      oldestAgeSeconds: oldestAt === undefined || !Number.isFinite(oldestAt) ? 0 : Math.max(0, (now - oldestAt) / 1000),
    },
    ...(pool ? { pool } : {}),
  };
}
