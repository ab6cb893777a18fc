/**
 * The part of opening an attempt both run repositories share: after the first key was refused,
 * tell a lost run from a taken key, and take a `.rN` key only when the caller may run the step
 * again. Each repository brings its own `tryOpen` (the holder check and insert together).
 */
import { FlowAttempt } from '../entities/FlowAttempt.js';
import type { Store } from '../types.js';
import type { ClosedAttempts, Lease, Opened, RunRepository } from './types.js';

export async function openWithReentry(
  runs: Pick<RunRepository, 'load'>,
  store: Store,
  runId: string,
  stepId: string,
  seq: number,
  lease: Lease,
  reenter: (closed: ClosedAttempts) => boolean,
  tryOpen: (key: string) => Promise<boolean>,
): Promise<Opened> {
  const base = `${runId}/${stepId}/${seq}`;
  if (await tryOpen(base)) return { ok: true, key: base };
  const held = async () => {
    const run = await runs.load(runId);
    return !!run && run.status === 'running' && run.leaseHolder === lease.holder && run.seq === seq;
  };
  if (!(await held())) return { ok: false, reason: 'lost' };
  const existing = await store
    .em()
    .find(
      FlowAttempt,
      { $or: [{ key: base }, { key: { $like: `${base}.r%` } }] },
      { orderBy: { openedAt: 'asc' }, disableIdentityMap: true },
    );
  const open = existing.find((a) => a.closedAt === null || a.closedAt === undefined);
  if (open) return { ok: false, reason: 'taken', key: open.key, open: true };
  if (!reenter(existing.map((a) => ({ key: a.key, outcome: a.outcome ?? null }))))
    return { ok: false, reason: 'taken', key: existing[existing.length - 1]?.key ?? base, open: false };
  for (let i = existing.length; i <= existing.length + 20; i++) {
    const key = `${base}.r${i}`;
    if (await tryOpen(key)) return { ok: true, key };
    if (!(await held())) return { ok: false, reason: 'lost' };
  }
  throw new Error(`no free attempt key for ${base}`);
}
