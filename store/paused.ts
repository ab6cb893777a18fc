/**
 * The shared record of paused agents (`POST /agents/pause` writes it; run start and webhook
 * delivery read it inside their own statements: store/runs/ (a run insert),
 * store/deliveries/ (a delivery's trigger read); a run that parks reads it through pauseOf). One row per paused seat;
 * resuming deletes it.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { PausedAgent } from './entities/PausedAgent.js';
import { rawSql } from './raw.js';
import type { Store } from './types.js';

/** True when this call paused the seat; false when it was already paused. */
export async function pauseAgent(store: Store, seat: string, by: string, reason?: string): Promise<boolean> {
  try {
    await store.em().insert(PausedAgent, { seat, reason: reason ?? null, pausedBy: by, pausedAt: new Date() });
    return true;
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) return false;
    throw err;
  }
}

/** True when the seat was paused and no longer is. */
export async function resumeAgent(store: Store, seat: string): Promise<boolean> {
  return (await store.em().nativeDelete(PausedAgent, { seat })) > 0;
}

/** The seat's standing pause, or null when it is not paused. A prepared statement rather than an
 * ORM query: every chain gate step reads it while its chain reads are in flight, and the ORM's
 * query building is CPU that step waits for. Never called inside an ORM transaction. */
export async function pauseOf(store: Store, seat: string): Promise<{ reason: string | null; pausedBy: string } | null> {
  const sql = rawSql(store);
  const [row] = await sql.rows(`select "reason", "paused_by" from ${sql.table('paused_agent')} where "seat" = $1`, [seat]);
  return row ? { reason: (row.reason as string | null) ?? null, pausedBy: row.paused_by as string } : null;
}
