/**
 * Every write of the run aggregate as a plan (store/plan.ts), decided here once for both engines:
 * what a step boundary, a run start, an attempt open, a lease or a signal writes, and the
 * conditions it is written under. pg.ts and sqlite.ts only render and run these plans.
 *
 * The conditions are the aggregate's rules: a step is committed only by the lease holder at the
 * expected seq; the common boundary also only with no pending signal and no pause request (either
 * is sorted out by `settleBoundary` with the run as it stands); a park for the operator only while
 * the pause request stands; a lease is taken only when free, expired or already this holder's.
 */
import type { AuditInput } from '../audit/types.js';
import { planAudit, type AuditRow } from '../audit/plan.js';
import type { Cond, Cols, Update } from '../plan.js';
import { checkpointRows, checkpointsOf, expiry, newRunRow, seqAfter, type CheckpointRow } from './rows.js';
import type {
  Boundary,
  BoundaryResult,
  ClaimMatch,
  Final,
  InsertOptions,
  Lease,
  NewRun,
  RunRepository,
  RunRow,
  StoredSignal,
} from './types.js';

/**
 * A write of the run aggregate. `run` is the precondition: when it is given and does not change
 * exactly one row, nothing else is written. Then the checkpoints are appended, the attempt closed
 * and the audit row (with its outbox row) stored, in the same transaction.
 */
export interface RunPlan {
  run?: Update;
  checkpoints: readonly CheckpointRow[];
  closeAttempt?: { key: string; outcome: string; at: Date };
  audit?: AuditRow;
}

/** The run as this holder left it at the last boundary: it still holds it, running, at `seq`. */
export const heldAt = (runId: string, holder: string, seq: number): Cond[] => [
  { col: 'id', eq: runId },
  { col: 'lease_holder', eq: holder },
  { col: 'status', eq: 'running' },
  { col: 'seq', eq: seq },
];

/** Nothing came for the run since: no signal for a step not parked yet, no pause request. */
export const QUIET: readonly Cond[] = [
  { col: 'pending_signal', eq: null },
  { col: 'pause_requested', eq: false },
];

const runningOrWaiting: Cond = { col: 'status', in: ['running', 'waiting'] };

/** The run row's columns once the boundary is written. */
export function boundarySet(b: Boundary, lease: Lease, fin: Final): Record<string, unknown> {
  const now = new Date(lease.now());
  const set: Record<string, unknown> = {
    cursor: b.cursor,
    seq: seqAfter(b),
    outputs: b.outputs,
    trace: b.trace,
    updated_at: now,
    pending_signal: null,
    resume_signal: null,
  };
  if (fin.status === 'running') return set;
  Object.assign(set, { status: fin.status, lease_holder: null, lease_expires_at: null });
  if (fin.status === 'waiting')
    Object.assign(set, {
      waiting_reason: fin.reason,
      waiting_step_id: fin.stepId,
      waiting_token: fin.token ?? null,
      resume_signal: fin.resumeSignal ?? null,
      ended_at: null,
    });
  else Object.assign(set, { waiting_reason: null, waiting_step_id: null, waiting_token: null, ended_at: now });
  if (fin.status === 'error') Object.assign(set, { error_code: fin.code, error_message: fin.message });
  else Object.assign(set, { error_code: null, error_message: null });
  return set;
}

/** A park for the operator: it must check that the pause still stands (a resume may have withdrawn it). */
export const forOperator = (fin: Final): boolean => fin.status === 'waiting' && fin.reason === 'operator';

/**
 * The common boundary: the run row, the checkpoints (held ones first), the attempt's close and
 * the boundary's audit row, only while this holder holds the run at `b.seq` and nothing came for
 * it. A park for the operator is written only while its pause request stands, and clears it.
 */
export function planBoundary(b: Boundary, lease: Lease, fin: Final, audit?: AuditInput): RunPlan {
  const now = new Date(lease.now());
  const held = heldAt(b.runId, lease.holder, b.seq);
  const set = boundarySet(b, lease, fin);
  const rest = { checkpoints: checkpointsOf(b, now), ...(audit ? { audit: planAudit(audit, now) } : {}) };
  if (forOperator(fin))
    return { run: { where: [...held, { col: 'pause_requested', eq: true }], set: { ...set, pause_requested: false } }, ...rest };
  return { run: { where: [...held, ...QUIET], set }, ...closing(b, now), ...rest };
}

const closing = (b: Boundary, now: Date, outcome = b.attemptOutcome): Pick<RunPlan, 'closeAttempt'> =>
  b.attemptKey === undefined ? {} : { closeAttempt: { key: b.attemptKey, outcome, at: now } };

/** What a boundary that `planBoundary` did not write does next, given the run as it stands. */
export type Settled = { result: BoundaryResult } | { plan: RunPlan; result: BoundaryResult };

/**
 * Why `planBoundary`'s plan was not written, from the run as it stands (`cur`): the run was lost;
 * the operator's pause was withdrawn; a signal came before the park (the step is re-entered with
 * it: the signal becomes the resume signal, the attempt closes `parked`, nothing is parked); or a
 * pause request stands (the boundary is written anyway, and the request honoured after it).
 * A boundary settled here stores no audit row: its caller records the row itself.
 */
export function settleBoundary(b: Boundary, lease: Lease, fin: Final, cur: RunRow | null): Settled {
  const lost = !cur || cur.status !== 'running' || cur.leaseHolder !== lease.holder || cur.seq !== b.seq;
  if (lost) return { result: { ok: false, reason: 'lost' } };
  if (forOperator(fin)) return { result: { ok: false, reason: 'withdrawn' } };
  const now = new Date(lease.now());
  const held = heldAt(b.runId, lease.holder, b.seq);
  if (fin.status === 'waiting' && cur.pendingSignal) {
    const signal = cur.pendingSignal as StoredSignal;
    return {
      plan: { run: { where: held, set: { pending_signal: null, resume_signal: signal } }, checkpoints: [], ...closing(b, now, 'parked') },
      result: { ok: false, reason: 'pending', signal },
    };
  }
  return {
    plan: {
      run: { where: held, set: boundarySet(b, lease, fin) },
      checkpoints: checkpointsOf(b, now),
      ...closing(b, now),
    },
    result: { ok: true, pauseRequested: cur.pauseRequested },
  };
}

/** A run start: its row, leased to `lease.holder` (at `o.state`), with its audit rows and the state's checkpoints. */
export interface InsertPlan {
  row: RunRow;
  /** Nothing is inserted when this principal is paused (only with `refusePaused`). */
  refusePausedOf: string | undefined;
  audit: AuditRow;
  checkpoints: readonly CheckpointRow[];
  endAudit: AuditRow | undefined;
}

export function planInsert(r: NewRun, lease: Lease, o: InsertOptions): InsertPlan {
  const row = newRunRow(r, lease, o.state);
  const now = row.createdAt;
  return {
    row,
    refusePausedOf: o.refusePaused ? r.principal : undefined,
    audit: planAudit({ ...o.audit, at: now }, now),
    checkpoints: checkpointRows({ runId: r.id, principal: r.principal, input: r.input }, 0, o.state?.checkpoints ?? [], now),
    endAudit: o.state?.endAudit && planAudit({ ...o.state.endAudit, at: now }, now),
  };
}

/** An attempt opened before a side effect: inserted only for the run's holder at the run's seq, and only if its key is free. */
export interface OpenPlan {
  held: readonly Cond[];
  attempt: { key: string; run_id: string; step_id: string; worker: string; opened_at: Date };
}

export const planOpen = (key: string, runId: string, stepId: string, seq: number, lease: Lease): OpenPlan => ({
  held: heldAt(runId, lease.holder, seq),
  attempt: { key, run_id: runId, step_id: stepId, worker: lease.holder, opened_at: new Date(lease.now()) },
});

const only = (where: readonly Cond[], set: Cols): RunPlan => ({ run: { where, set }, checkpoints: [] });

export const planRenewLease = (id: string, lease: Lease): RunPlan =>
  only(
    [
      { col: 'id', eq: id },
      { col: 'lease_holder', eq: lease.holder },
      { col: 'status', eq: 'running' },
    ],
    { lease_expires_at: expiry(lease) },
  );

export function planTakeLease(id: string, lease: Lease, force: boolean): RunPlan {
  const now = new Date(lease.now());
  const where: Cond[] = [
    { col: 'id', eq: id },
    { col: 'status', eq: 'running' },
  ];
  if (!force)
    where.push({
      or: [
        { col: 'lease_holder', eq: null },
        { col: 'lease_expires_at', lt: now },
        { col: 'lease_holder', eq: lease.holder },
      ],
    });
  return only(where, { lease_holder: lease.holder, lease_expires_at: expiry(lease), updated_at: now });
}

/**
 * A running run whose holder's lease has run out is left with no lease at all: the recovery
 * sweep takes only expired leases, so it passes the run by, while a command that takes the run
 * over by its lease (a replayed start or recover) finds it free. A live holder keeps it.
 */
export const planSetAside = (id: string, now: Date): RunPlan =>
  only(
    [
      { col: 'id', eq: id },
      { col: 'status', eq: 'running' },
      { col: 'lease_expires_at', lt: now },
    ],
    { lease_holder: null, lease_expires_at: null, updated_at: now },
  );

export function planClaimWaiting(id: string, lease: Lease, match: ClaimMatch, signal: StoredSignal | null, clearPause: boolean): RunPlan {
  const where: Cond[] = [
    { col: 'id', eq: id },
    { col: 'status', eq: 'waiting' },
  ];
  if (match.stepId !== undefined) where.push({ col: 'waiting_step_id', eq: match.stepId });
  if (match.token !== undefined) where.push({ col: 'waiting_token', eq: match.token });
  if (match.notReason !== undefined) where.push({ col: 'waiting_reason', ne: match.notReason });
  return only(where, {
    status: 'running',
    waiting_reason: null,
    waiting_step_id: null,
    waiting_token: null,
    lease_holder: lease.holder,
    lease_expires_at: expiry(lease),
    resume_signal: signal,
    updated_at: new Date(lease.now()),
    ...(clearPause ? { pause_requested: false } : {}),
  });
}

export const planPendingSignal = (id: string, stepId: string, signal: StoredSignal): RunPlan =>
  only(
    [
      { col: 'id', eq: id },
      { col: 'status', eq: 'running' },
      { col: 'cursor', eq: stepId },
      { col: 'pending_signal', eq: null },
    ],
    { pending_signal: signal },
  );

const ended = (status: string, code: string, message: string, now: Date): Cols => ({
  status,
  error_code: code,
  error_message: message,
  ended_at: now,
  updated_at: now,
  lease_holder: null,
  lease_expires_at: null,
  pending_signal: null,
});

export function planEndFromOutside(
  id: string,
  status: 'cancelled' | 'error',
  code: string,
  message: string,
  now: Date,
  onlyHolder?: string,
): RunPlan {
  const where: Cond[] = [{ col: 'id', eq: id }, runningOrWaiting];
  if (onlyHolder !== undefined) where.push({ col: 'lease_holder', eq: onlyHolder });
  return only(where, ended(status, code, message, now));
}

export const planInterrupt = (id: string, attemptKey: string, message: string, now: Date, holder: string): RunPlan => ({
  run: {
    where: [
      { col: 'id', eq: id },
      { col: 'status', eq: 'running' },
      { col: 'lease_holder', eq: holder },
    ],
    set: ended('error', 'flow_step_interrupted', message, now),
  },
  checkpoints: [],
  closeAttempt: { key: attemptKey, outcome: 'interrupted', at: now },
});

export const planCloseAttempt = (key: string, outcome: string, now: Date): RunPlan => ({
  checkpoints: [],
  closeAttempt: { key, outcome, at: now },
});

export const planRequestPause = (id: string, now: Date): RunPlan =>
  only([{ col: 'id', eq: id }, runningOrWaiting], { pause_requested: true, updated_at: now });

export const planWithdrawPause = (id: string, now: Date): RunPlan =>
  only(
    [
      { col: 'id', eq: id },
      { col: 'status', eq: 'running' },
      { col: 'pause_requested', eq: true },
    ],
    { pause_requested: false, updated_at: now },
  );

/** A checkpoint row by its columns, as both engines insert it. */
export const checkpointColumns = (c: CheckpointRow): Cols => ({
  run_id: c.runId,
  seq: c.seq,
  step_id: c.stepId,
  cursor: c.cursor,
  outputs: c.outputs,
  principal: c.principal,
  input: c.input,
  at: c.at,
});

/** The attempt's close: only an open attempt is closed (a close is never overwritten). */
export const attemptClose = (c: NonNullable<RunPlan['closeAttempt']>): Update => ({
  where: [
    { col: 'key', eq: c.key },
    { col: 'closed_at', eq: null },
  ],
  set: { closed_at: c.at, outcome: c.outcome },
});

/** The writes that are one plan each, bound to an engine's executor: pg.ts and sqlite.ts differ only in how a plan runs. */
export function plannedWrites(
  run: (plan: RunPlan) => Promise<boolean>,
): Pick<
  RunRepository,
  | 'renewLease'
  | 'takeLease'
  | 'claimWaiting'
  | 'leavePendingSignal'
  | 'closeAttempt'
  | 'endFromOutside'
  | 'interrupt'
  | 'requestPause'
  | 'withdrawPause'
  | 'setAside'
> {
  return {
    renewLease: (id, lease) => run(planRenewLease(id, lease)),
    takeLease: (id, lease, force) => run(planTakeLease(id, lease, force)),
    claimWaiting: (id, lease, match, signal, clearPause) => run(planClaimWaiting(id, lease, match, signal, clearPause)),
    leavePendingSignal: (id, stepId, signal) => run(planPendingSignal(id, stepId, signal)),
    closeAttempt: async (key, outcome, now) => void (await run(planCloseAttempt(key, outcome, now))),
    endFromOutside: (id, status, code, message, now, onlyHolder) => run(planEndFromOutside(id, status, code, message, now, onlyHolder)),
    interrupt: (id, attemptKey, message, now, holder) => run(planInterrupt(id, attemptKey, message, now, holder)),
    requestPause: (id, now) => run(planRequestPause(id, now)),
    withdrawPause: (id, now) => run(planWithdrawPause(id, now)),
    setAside: (id, now) => run(planSetAside(id, now)),
  };
}
