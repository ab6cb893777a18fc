/**
 * The run engine's writes to its runs, through the store's run repository (store/runs/): the
 * engine names them by store, the repository decides how each engine writes them.
 */
import {
  runsOf,
  type Boundary,
  type BoundaryResult as StoredBoundaryResult,
  type ClaimMatch,
  type ClosedAttempts,
  type Final,
  type InsertOptions,
  type Lease,
  type NewRun,
} from '../../../store/runs/index.js';
import type { AuditInput } from '../../../store/audit/index.js';
import type { Store } from '../../../store/types.js';
import type { ResumeSignal } from '../../../schemas/runs.js';

export type { Boundary, HeldCheckpoint, InsertedRun, Lease, NewRun, Opened, RunRow, StartState } from '../../../store/runs/index.js';
export { newRunRow } from '../../../store/runs/index.js';
export type BoundaryResult = StoredBoundaryResult<ResumeSignal>;

export const loadRun = (store: Store, id: string) => runsOf(store).load(id);
export const findChild = (store: Store, parentRunId: string, stepId: string) => runsOf(store).findChild(parentRunId, stepId);
export const insertRun = (store: Store, r: NewRun, lease: Lease, o: InsertOptions) => runsOf(store).insert(r, lease, o);
/** Only takeover.ts calls it, and checks the open attempts next. */
export const takeLease = (store: Store, id: string, lease: Lease, force = false) => runsOf(store).takeLease(id, lease, force);
export const renewLease = (store: Store, id: string, lease: Lease) => runsOf(store).renewLease(id, lease);
export const claimWaiting = (store: Store, id: string, lease: Lease, match: ClaimMatch, signal: ResumeSignal | null, clearPause = false) =>
  runsOf(store).claimWaiting(id, lease, match, signal, clearPause);
export const leavePendingSignal = (store: Store, id: string, stepId: string, signal: ResumeSignal) =>
  runsOf(store).leavePendingSignal(id, stepId, signal);
export const openAttempt = (
  store: Store,
  runId: string,
  stepId: string,
  seq: number,
  lease: Lease,
  reenter: (closed: ClosedAttempts) => boolean,
) => runsOf(store).openAttempt(runId, stepId, seq, lease, reenter);
export const openAttempts = (store: Store, runId: string) => runsOf(store).openAttempts(runId);
export const closeAttempt = (store: Store, key: string, outcome: string, now: Date) => runsOf(store).closeAttempt(key, outcome, now);
export const writeBoundary = (store: Store, b: Boundary, lease: Lease, fin: Final, audit?: AuditInput) =>
  runsOf(store).writeBoundary(b, lease, fin, audit) as Promise<BoundaryResult>;
export const endFromOutside = (
  store: Store,
  id: string,
  status: 'cancelled' | 'error',
  code: string,
  message: string,
  now: Date,
  onlyHolder?: string,
) => runsOf(store).endFromOutside(id, status, code, message, now, onlyHolder);
export const interruptRun = (store: Store, id: string, attemptKey: string, message: string, now: Date, holder: string) =>
  runsOf(store).interrupt(id, attemptKey, message, now, holder);
export const openChildren = (store: Store, parentRunId: string) => runsOf(store).openChildren(parentRunId);
export const parkedRunsOf = (store: Store, principal: string) => runsOf(store).parkedOf(principal);
export const requestPause = (store: Store, id: string, now: Date) => runsOf(store).requestPause(id, now);
export const withdrawPause = (store: Store, id: string, now: Date) => runsOf(store).withdrawPause(id, now);
export const setAside = (store: Store, id: string, now: Date) => runsOf(store).setAside(id, now);
