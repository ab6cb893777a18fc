/**
 * The run repository's part on the ORM, shared by both engines: the rare writes, and the careful
 * path of a boundary that the engine's own statement did not settle (pg.ts, sqlite.ts). Every
 * multi-row write is one `em.transactional`; on SQLite (one connection) nothing inside it
 * queries through another fork.
 */
import type { EntityManager } from '@mikro-orm/core';
import { FlowRun } from '../entities/FlowRun.js';
import { FlowCheckpoint } from '../entities/FlowCheckpoint.js';
import { FlowAttempt } from '../entities/FlowAttempt.js';
import type { Store } from '../types.js';
import { checkpointsOf, expiry, seqAfter } from './rows.js';
import type { Boundary, BoundaryResult, Final, Lease, RunRepository, RunRow } from './types.js';

const closeAttempt = async (em: EntityManager, key: string, outcome: string, now: Date): Promise<void> => {
  await em.nativeUpdate(FlowAttempt, { key, closedAt: null }, { closedAt: now, outcome });
};

/** What both engines write the same way: rare writes, and the careful path of a boundary. */
export type OrmRuns = Omit<RunRepository, 'load' | 'insert' | 'renewLease' | 'openAttempt' | 'writeBoundary'> & {
  /** A boundary the engine's own statement did not write (or a park for the operator); its end's
   * audit row is not stored here: the caller records it. */
  carefulBoundary(b: Boundary, lease: Lease, fin: Final): Promise<BoundaryResult>;
};

export function ormRuns(store: Store): OrmRuns {
  return {
    list(q) {
      const where: Record<string, unknown> = {};
      if (q.open) where.status = { $in: ['running', 'waiting'] };
      if (q.principal !== undefined) where.principal = q.principal;
      return store.em().find(FlowRun, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit });
    },

    async trail(runId) {
      const [checkpoints, attempts, children] = await Promise.all([
        store.em().find(FlowCheckpoint, { runId }, { orderBy: { seq: 'asc' } }),
        store.em().find(FlowAttempt, { runId }, { orderBy: { openedAt: 'asc' } }),
        store.em().find(FlowRun, { parentRunId: runId }, { fields: ['id', 'parentStepId', 'status'] }),
      ]);
      return { checkpoints, attempts, children };
    },

    openChildren: async (parentRunId) =>
      (await store.em().find(FlowRun, { parentRunId, status: { $in: ['running', 'waiting'] } }, { fields: ['id'] })).map((r) => r.id),

    parkedOf: async (principal) => (await store.em().find(FlowRun, { principal, status: 'waiting' }, { fields: ['id'] })).map((r) => r.id),

    recoverable(expiredBefore, limit) {
      const where = expiredBefore ? { status: 'running', leaseExpiresAt: { $lt: expiredBefore } } : { status: 'running' };
      return store.em().find(FlowRun, where, { fields: ['id', 'leaseExpiresAt'], limit, orderBy: { createdAt: 'asc' } });
    },

    findChild: (parentRunId, stepId) => store.em().findOne(FlowRun, { parentKey: `${parentRunId}/${stepId}` }),

    async takeLease(id, lease, force) {
      const now = new Date(lease.now());
      const where = force
        ? { id, status: 'running' }
        : { id, status: 'running', $or: [{ leaseHolder: null }, { leaseExpiresAt: { $lt: now } }, { leaseHolder: lease.holder }] };
      return (
        (await store.em().nativeUpdate(FlowRun, where, { leaseHolder: lease.holder, leaseExpiresAt: expiry(lease), updatedAt: now })) === 1
      );
    },

    async claimWaiting(id, lease, match, signal, clearPause) {
      const where: Record<string, unknown> = { id, status: 'waiting' };
      if (match.stepId !== undefined) where.waitingStepId = match.stepId;
      if (match.token !== undefined) where.waitingToken = match.token;
      if (match.notReason !== undefined) where.waitingReason = { $ne: match.notReason };
      const now = new Date(lease.now());
      const n = await store.em().nativeUpdate(FlowRun, where, {
        status: 'running',
        waitingReason: null,
        waitingStepId: null,
        waitingToken: null,
        leaseHolder: lease.holder,
        leaseExpiresAt: expiry(lease),
        resumeSignal: signal as Record<string, unknown> | null,
        updatedAt: now,
        ...(clearPause ? { pauseRequested: false } : {}),
      });
      return n === 1;
    },

    async leavePendingSignal(id, stepId, signal) {
      return (
        (await store
          .em()
          .nativeUpdate(
            FlowRun,
            { id, status: 'running', cursor: stepId, pendingSignal: null },
            { pendingSignal: signal as Record<string, unknown> },
          )) === 1
      );
    },

    openAttempts: (runId) => store.em().find(FlowAttempt, { runId, closedAt: null }),

    closeAttempt: (key, outcome, now) => closeAttempt(store.em(), key, outcome, now),

    carefulBoundary: (b, lease, fin) => store.em().transactional((tem) => careful(tem, b, lease, fin)),

    async endFromOutside(id, status, code, message, now, onlyHolder) {
      const where: Record<string, unknown> = { id, status: { $in: ['running', 'waiting'] } };
      if (onlyHolder !== undefined) where.leaseHolder = onlyHolder;
      const n = await store.em().nativeUpdate(FlowRun, where, {
        status,
        errorCode: code,
        errorMessage: message,
        endedAt: now,
        updatedAt: now,
        leaseHolder: null,
        leaseExpiresAt: null,
        pendingSignal: null,
      });
      return n === 1;
    },

    interrupt: (id, attemptKey, message, now, holder) =>
      store.em().transactional(async (tem) => {
        const n = await tem.nativeUpdate(
          FlowRun,
          { id, status: 'running', leaseHolder: holder },
          {
            status: 'error',
            errorCode: 'flow_step_interrupted',
            errorMessage: message,
            endedAt: now,
            updatedAt: now,
            leaseHolder: null,
            leaseExpiresAt: null,
            pendingSignal: null,
          },
        );
        if (n !== 1) return false;
        await closeAttempt(tem, attemptKey, 'interrupted', now);
        return true;
      }),

    async requestPause(id, now) {
      return (
        (await store
          .em()
          .nativeUpdate(FlowRun, { id, status: { $in: ['running', 'waiting'] } }, { pauseRequested: true, updatedAt: now })) === 1
      );
    },

    async withdrawPause(id, now) {
      return (
        (await store
          .em()
          .nativeUpdate(FlowRun, { id, status: 'running', pauseRequested: true }, { pauseRequested: false, updatedAt: now })) === 1
      );
    },
  };
}

/**
 * Why the engine's statement did not write the boundary: the run was lost, a signal came before
 * the park (re-enter the step with it, nothing parked), or a pause request stands (written, and
 * honoured after this step). A park for the operator is written only while the pause still
 * stands: a resume may have withdrawn it.
 */
async function careful(tem: EntityManager, b: Boundary, lease: Lease, fin: Final): Promise<BoundaryResult> {
  const now = new Date(lease.now());
  const base = { id: b.runId, leaseHolder: lease.holder, status: 'running', seq: b.seq };
  const current = () => tem.findOne(FlowRun, { id: b.runId }, { disableIdentityMap: true });
  const lost = (cur: RunRow | null) => !cur || cur.status !== 'running' || cur.leaseHolder !== lease.holder || cur.seq !== b.seq;
  const data: Record<string, unknown> = {
    cursor: b.cursor,
    seq: seqAfter(b),
    outputs: b.outputs,
    trace: b.trace,
    updatedAt: now,
    pendingSignal: null,
    resumeSignal: null,
  };
  if (fin.status === 'running') data.leaseExpiresAt = expiry(lease);
  else Object.assign(data, { status: fin.status, leaseHolder: null, leaseExpiresAt: null });
  if (fin.status === 'waiting')
    Object.assign(data, {
      waitingReason: fin.reason,
      waitingStepId: fin.stepId,
      waitingToken: fin.token ?? null,
      resumeSignal: fin.resumeSignal ?? null,
    });
  if (fin.status === 'completed' || fin.status === 'error') data.endedAt = now;
  if (fin.status === 'error') Object.assign(data, { errorCode: fin.code, errorMessage: fin.message });

  if (fin.status === 'waiting' && fin.reason === 'operator') {
    if ((await tem.nativeUpdate(FlowRun, { ...base, pauseRequested: true }, { ...data, pauseRequested: false })) === 0) {
      return lost(await current()) ? { ok: false, reason: 'lost' } : { ok: false, reason: 'withdrawn' };
    }
    await tem.insertMany(FlowCheckpoint, checkpointsOf(b, now));
    return { ok: true, pauseRequested: false };
  }
  let pauseRequested = false;
  // The common path first: the conditions may have cleared since the engine's statement.
  if ((await tem.nativeUpdate(FlowRun, { ...base, pendingSignal: null, pauseRequested: false }, data)) === 0) {
    const cur = await current();
    if (lost(cur)) return { ok: false, reason: 'lost' };
    if (fin.status === 'waiting' && cur!.pendingSignal) {
      await tem.nativeUpdate(FlowRun, { id: b.runId }, { pendingSignal: null, resumeSignal: cur!.pendingSignal });
      if (b.attemptKey !== undefined) await closeAttempt(tem, b.attemptKey, 'parked', now);
      return { ok: false, reason: 'pending', signal: cur!.pendingSignal };
    }
    pauseRequested = cur!.pauseRequested;
    if ((await tem.nativeUpdate(FlowRun, base, data)) === 0) return { ok: false, reason: 'lost' };
  }
  await tem.insertMany(FlowCheckpoint, checkpointsOf(b, now));
  if (b.attemptKey !== undefined) await closeAttempt(tem, b.attemptKey, b.attemptOutcome, now);
  return { ok: true, pauseRequested };
}
