/**
 * The shared record of paused agents (`POST /agents/pause` writes it; run start and webhook
 * delivery read it inside their own statements: store/runs/ (a run insert),
 * store/deliveries/ (a delivery's trigger read); a run that parks reads it through pauseOf). One row per paused seat;
 * resuming deletes it.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { PausedAgent } from './entities/PausedAgent.js';
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

/** The seat's standing pause, or null when it is not paused. */
export async function pauseOf(store: Store, seat: string): Promise<{ reason: string | null; pausedBy: string } | null> {
  const row = await store.em().findOne(PausedAgent, { seat });
  return row ? { reason: row.reason ?? null, pausedBy: row.pausedBy } : null;
}
