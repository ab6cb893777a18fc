/**
 * Every write the engine makes to a run, each a conditional statement so that the database,
 * not the callers, decides races: a lease is taken only when free or expired, a step is
 * committed only by the lease holder at the expected sequence number, a parked run is claimed
 * by exactly one waker. Checkpoint, cursor and attempt close go in ONE transaction. On SQLite
 * (one connection) nothing inside a transaction queries through another fork.
 */
import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/core';
import { FlowRun } from '../../../store/entities/FlowRun.js';
import { FlowCheckpoint } from '../../../store/entities/FlowCheckpoint.js';
import { FlowAttempt } from '../../../store/entities/FlowAttempt.js';
import type { Store } from '../../../store/types.js';
import type { WaitingReason } from '../../../schemas/flows.js';
import type { TraceEntry } from '../../../schemas/runs.js';
import type { ResumeSignal } from '../steps/types.js';

export type RunRow = FlowRun;
export type Outcome = 'done' | 'parked' | 'failed';

export interface Lease { readonly holder: string; readonly ms: number; readonly now: () => number }

const expiry = (l: Lease) => new Date(l.now() + l.ms);

export async function loadRun(store: Store, id: string): Promise<RunRow | null> {
  return store.em().findOne(FlowRun, { id });
}

export interface NewRun {
  id: string; flowId: string; flow: Record<string, unknown>; principal: string; input: string | undefined; trigger: string;
  cursor: string | null; stack: string[]; parent?: { runId: string; stepId: string }; traceId: string | undefined;
}

/** Inserts a run already leased to `lease.holder`. Returns false when the id (or the parent's
 * one-child-per-step key) exists. */
export async function insertRun(store: Store, r: NewRun, lease: Lease): Promise<boolean> {
  const now = new Date(lease.now());
  try {
    await store.em().insert(FlowRun, {
      id: r.id, flowId: r.flowId, flow: r.flow, principal: r.principal, input: r.input ?? null, trigger: r.trigger,
      status: 'running', waitingReason: null, waitingStepId: null, waitingToken: null, cursor: r.cursor, seq: 0,
      outputs: {}, trace: [], stack: r.stack, parentRunId: r.parent?.runId ?? null, parentStepId: r.parent?.stepId ?? null,
      parentKey: r.parent ? `${r.parent.runId}/${r.parent.stepId}` : null, errorCode: null, errorMessage: null,
      leaseHolder: lease.holder, leaseExpiresAt: expiry(lease), pauseRequested: false, resumeSignal: null, pendingSignal: null,
      traceId: r.traceId ?? null, createdAt: now, updatedAt: now, endedAt: null,
    });
    return true;
  } catch (err) {
    if (err instanceof UniqueConstraintViolationException) return false;
    throw err;
  }
}

export async function findChild(store: Store, parentRunId: string, stepId: string): Promise<RunRow | null> {
  return store.em().findOne(FlowRun, { parentKey: `${parentRunId}/${stepId}` });
}

/** Takes over a `running` run whose lease expired (or any, with `force`, in single-process boot). */
export async function takeLease(store: Store, id: string, lease: Lease, force = false): Promise<boolean> {
  const now = new Date(lease.now());
  const where = force
    ? { id, status: 'running' }
    : { id, status: 'running', $or: [{ leaseHolder: null }, { leaseExpiresAt: { $lt: now } }, { leaseHolder: lease.holder }] };
  const n = await store.em().nativeUpdate(FlowRun, where, { leaseHolder: lease.holder, leaseExpiresAt: expiry(lease), updatedAt: now });
  return n === 1;
}

export async function renewLease(store: Store, id: string, lease: Lease): Promise<boolean> {
  const n = await store.em().nativeUpdate(FlowRun, { id, leaseHolder: lease.holder, status: 'running' }, { leaseExpiresAt: expiry(lease) });
  return n === 1;
}

/** Claims a parked run for a waker: waiting → running under `lease`. Exactly one claimer wins. */
export async function claimWaiting(store: Store, id: string, lease: Lease, match: { stepId?: string; token?: string; notReason?: WaitingReason }, signal: ResumeSignal | null, clearPause = false): Promise<boolean> {
  const where: Record<string, unknown> = { id, status: 'waiting' };
  if (match.stepId !== undefined) where.waitingStepId = match.stepId;
  if (match.token !== undefined) where.waitingToken = match.token;
  if (match.notReason !== undefined) where.waitingReason = { $ne: match.notReason };
  const now = new Date(lease.now());
  const n = await store.em().nativeUpdate(FlowRun, where, {
    status: 'running', waitingReason: null, waitingStepId: null, waitingToken: null, leaseHolder: lease.holder, leaseExpiresAt: expiry(lease),
    resumeSignal: signal as Record<string, unknown> | null, updatedAt: now, ...(clearPause ? { pauseRequested: false } : {}),
  });
  return n === 1;
}

/** A signal for a step that is still running (it has not parked yet): kept for the park to find. */
export async function leavePendingSignal(store: Store, id: string, stepId: string, signal: ResumeSignal): Promise<boolean> {
  const n = await store.em().nativeUpdate(FlowRun, { id, status: 'running', cursor: stepId, pendingSignal: null }, { pendingSignal: signal as unknown as Record<string, unknown> });
  return n === 1;
}

export async function openAttempt(store: Store, runId: string, stepId: string, seq: number, lease: Lease): Promise<string> {
  const base = `${runId}/${stepId}/${seq}`;
  for (let i = 0; ; i++) {
    const key = i === 0 ? base : `${base}.r${i}`;
    try {
      await store.em().insert(FlowAttempt, { key, runId, stepId, worker: lease.holder, openedAt: new Date(lease.now()), closedAt: null, outcome: null });
      return key;
    } catch (err) {
      if (!(err instanceof UniqueConstraintViolationException) || i > 20) throw err;
    }
  }
}

export async function openAttempts(store: Store, runId: string): Promise<FlowAttempt[]> {
  return store.em().find(FlowAttempt, { runId, closedAt: null });
}

export async function closeAttempt(em: EntityManager, key: string, outcome: string, now: Date): Promise<void> {
  await em.nativeUpdate(FlowAttempt, { key, closedAt: null }, { closedAt: now, outcome });
}

/** What a step boundary writes; the run's cursor and its checkpoint in one transaction. */
export interface Boundary {
  runId: string; seq: number; stepId: string | null; cursor: string | null; outputs: Record<string, unknown>; trace: TraceEntry[];
  principal: string; input: string | undefined; attemptKey: string | undefined; attemptOutcome: string;
}

export type BoundaryResult = { ok: true; pauseRequested: boolean } | { ok: false; reason: 'lost' | 'withdrawn' } | { ok: false; reason: 'pending'; signal: ResumeSignal };

type Final =
  | { status: 'running' }
  | { status: 'waiting'; reason: WaitingReason; stepId: string; token: string | undefined; resumeSignal: ResumeSignal | undefined }
  | { status: 'completed' }
  | { status: 'error'; code: string; message: string };

/** Writes a boundary: commit (status stays running), park (waiting) or end (completed/error). */
export async function writeBoundary(store: Store, b: Boundary, lease: Lease, fin: Final): Promise<BoundaryResult> {
  const now = new Date(lease.now());
  const em = store.em();
  return em.transactional(async (tem) => {
    const base = { id: b.runId, leaseHolder: lease.holder, status: 'running', seq: b.seq };
    const data: Record<string, unknown> = { cursor: b.cursor, seq: b.seq + 1, outputs: b.outputs, trace: b.trace, updatedAt: now, pendingSignal: null, resumeSignal: null };
    if (fin.status === 'running') data.leaseExpiresAt = expiry(lease);
    else {
      data.status = fin.status;
      data.leaseHolder = null;
      data.leaseExpiresAt = null;
    }
    if (fin.status === 'waiting') Object.assign(data, { waitingReason: fin.reason, waitingStepId: fin.stepId, waitingToken: fin.token ?? null, resumeSignal: fin.resumeSignal ?? null, ...(fin.reason === 'operator' ? { pauseRequested: false } : {}) });
    if (fin.status === 'completed' || fin.status === 'error') data.endedAt = now;
    if (fin.status === 'error') Object.assign(data, { errorCode: fin.code, errorMessage: fin.message });
    if (fin.status === 'waiting' && fin.reason === 'operator') {
      // Park for the operator only while the pause still stands: a resume may have withdrawn it.
      if ((await tem.nativeUpdate(FlowRun, { ...base, pauseRequested: true }, data)) === 0) {
        const cur = await tem.findOne(FlowRun, { id: b.runId }, { disableIdentityMap: true });
        if (!cur || cur.status !== 'running' || cur.leaseHolder !== lease.holder || cur.seq !== b.seq) return { ok: false, reason: 'lost' } as const;
        return { ok: false, reason: 'withdrawn' } as const;
      }
      await tem.insert(FlowCheckpoint, { runId: b.runId, seq: b.seq + 1, stepId: b.stepId, cursor: b.cursor, outputs: b.outputs, principal: b.principal, input: b.input ?? null, at: now });
      return { ok: true, pauseRequested: false } as const;
    }
    let pauseRequested = false;
    // The common path first: no pending signal, no pause request.
    let n = await tem.nativeUpdate(FlowRun, { ...base, pendingSignal: null, pauseRequested: false }, data);
    if (n === 0) {
      const cur = await tem.findOne(FlowRun, { id: b.runId }, { disableIdentityMap: true });
      if (!cur || cur.status !== 'running' || cur.leaseHolder !== lease.holder || cur.seq !== b.seq) return { ok: false, reason: 'lost' } as const;
      if (fin.status === 'waiting' && fin.reason !== 'operator' && cur.pendingSignal) {
        // The waker came before the park: do not park, re-enter the step with its signal.
        await tem.nativeUpdate(FlowRun, { id: b.runId }, { pendingSignal: null, resumeSignal: cur.pendingSignal });
        if (b.attemptKey !== undefined) await closeAttempt(tem, b.attemptKey, 'parked', now);
        return { ok: false, reason: 'pending', signal: cur.pendingSignal as unknown as ResumeSignal } as const;
      }
      pauseRequested = cur.pauseRequested;
      n = await tem.nativeUpdate(FlowRun, base, data);
      if (n === 0) return { ok: false, reason: 'lost' } as const;
    }
    await tem.insert(FlowCheckpoint, { runId: b.runId, seq: b.seq + 1, stepId: b.stepId, cursor: b.cursor, outputs: b.outputs, principal: b.principal, input: b.input ?? null, at: now });
    if (b.attemptKey !== undefined) await closeAttempt(tem, b.attemptKey, b.attemptOutcome, now);
    return { ok: true, pauseRequested } as const;
  });
}

/** Ends a run from outside its driver (cancel, fail-closed recovery). Only from running/waiting. */
export async function endFromOutside(store: Store, id: string, status: 'cancelled' | 'error', code: string, message: string, now: Date, onlyHolder?: string): Promise<boolean> {
  const where: Record<string, unknown> = { id, status: { $in: ['running', 'waiting'] } };
  if (onlyHolder !== undefined) where.leaseHolder = onlyHolder;
  const n = await store.em().nativeUpdate(FlowRun, where, {
    status, errorCode: code, errorMessage: message, endedAt: now, updatedAt: now, leaseHolder: null, leaseExpiresAt: null, pendingSignal: null,
  });
  return n === 1;
}

export async function requestPause(store: Store, id: string, now: Date): Promise<boolean> {
  const n = await store.em().nativeUpdate(FlowRun, { id, status: { $in: ['running', 'waiting'] } }, { pauseRequested: true, updatedAt: now });
  return n === 1;
}

/** Withdraws a pause that has not been honoured yet (the run is still running). */
export async function withdrawPause(store: Store, id: string, now: Date): Promise<boolean> {
  const n = await store.em().nativeUpdate(FlowRun, { id, status: 'running', pauseRequested: true }, { pauseRequested: false, updatedAt: now });
  return n === 1;
}
