/**
 * Once-per-window claims (a clock minute, a heartbeat slot): whoever inserts the key first wins.
 * The database decides, not the callers: the primary key rejects the second insert, and an
 * expired claim is taken over by one conditional UPDATE, so of N concurrent claimers exactly
 * one gets `true`, on PostgreSQL and on SQLite alike. Times come from this process's clock.
 */
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { Claim } from './entities/Claim.js';
import { sqlEm } from './knex.js';
import type { Store } from './types.js';

/** True iff this call won `key`. Without `ttlMs` the claim never expires (only a release frees it). */
export async function claimWindow(store: Store, key: string, holder: string, ttlMs?: number): Promise<boolean> {
  const now = new Date();
  const expiresAt = ttlMs === undefined ? null : new Date(now.getTime() + ttlMs);
  const em = sqlEm(store);
  try {
    await em.insert(Claim, { key, holder, claimedAt: now, expiresAt });
    return true;
  } catch (err) {
    if (!(err instanceof UniqueConstraintViolationException)) throw err;
  }
  // Taken: take it over only if it has expired. Concurrent takers re-check the WHERE after the
  // first one's update commits, so at most one row update succeeds.
  const res = await em
    .createQueryBuilder(Claim)
    .update({ holder, claimedAt: now, expiresAt })
    .where({ key, expiresAt: { $lt: now } })
    .execute('run');
  return res.affectedRows === 1;
}

/**
 * A lease: true iff `holder` holds `key` for the next `ttlMs`, renewed when it already held it,
 * taken when free or expired. Of N concurrent callers at most one gets `true`; a holder that
 * stops renewing loses it after `ttlMs`.
 */
export async function holdLease(store: Store, key: string, holder: string, ttlMs: number): Promise<boolean> {
  if (await claimWindow(store, key, holder, ttlMs)) return true;
  const now = new Date();
  const res = await sqlEm(store)
    .createQueryBuilder(Claim)
    .update({ expiresAt: new Date(now.getTime() + ttlMs) })
    .where({ key, holder, expiresAt: { $gte: now } })
    .execute('run');
  return res.affectedRows === 1;
}

/** Frees `key` if `holder` still holds it; true when a claim was removed. */
export async function releaseClaim(store: Store, key: string, holder: string): Promise<boolean> {
  const removed = await store.em().nativeDelete(Claim, { key, holder });
  return removed > 0;
}

/** Makes `holder`'s claim on `key` permanent (a window whose work is done stays taken); false when
 * the claim is no longer its own (it expired and was taken over). */
export async function keepClaim(store: Store, key: string, holder: string): Promise<boolean> {
  const res = await sqlEm(store).createQueryBuilder(Claim).update({ expiresAt: null }).where({ key, holder }).execute('run');
  return res.affectedRows === 1;
}
