/**
 * The run aggregate as the run engine sees it: a run row with its checkpoints, attempts and
 * step boundaries, and every write the engine makes to it. Each write is conditional, so the
 * database, not the callers, decides races: a lease is taken only when free or expired, a step is
 * committed only by the lease holder at the expected sequence number, a parked run is claimed by
 * exactly one waker. Every write is decided once as a plan (plan.ts) and rendered by each engine:
 * PostgreSQL (batched statements, pg.ts) and the embedded engine (synchronous transactions,
 * sqlite.ts); the reads both share are on the ORM (orm.ts).
 */
import type { FlowRun } from '../entities/FlowRun.js';
import type { FlowAttempt } from '../entities/FlowAttempt.js';
import type { FlowCheckpoint } from '../entities/FlowCheckpoint.js';
import type { AuditInput, StoredAudit } from '../audit/index.js';
import type { WaitingReason } from '../../schemas/flows.js';
import type { TraceEntry } from '../../schemas/runs.js';

export type RunRow = FlowRun;

export interface Lease {
  readonly holder: string;
  readonly ms: number;
  readonly now: () => number;
}

/** The signal a parked step is re-entered with (the run engine's ResumeSignal), stored as JSON. */
export type StoredSignal = object;

export interface NewRun {
  id: string;
  flowId: string;
  flow: Record<string, unknown>;
  principal: string;
  input: string | undefined;
  trigger: string;
  cursor: string | null;
  stack: string[];
  parent?: { runId: string; stepId: string };
  traceId: string | undefined;
}

export interface InsertedRun {
  /** The run as stored; null when nothing was inserted. */
  row: RunRow | null;
  /** Nothing was inserted because the principal is paused (only with `refusePaused`). */
  paused: boolean;
  /** The audit row written with the run (same transaction, so one exists iff the other does). */
  audit: StoredAudit | undefined;
  /** The state's end audit row, when it had one and the run was inserted. */
  endAudit?: StoredAudit | undefined;
}

/** A replayable step's checkpoint that waits for the next boundary's transaction (run engine driver). */
export interface HeldCheckpoint {
  stepId: string | null;
  cursor: string | null;
  outputs: Record<string, unknown>;
}

/**
 * Where a run that is inserted after its first steps already ran (replayable steps only) stands:
 * their checkpoints (seq 1, 2, ...), its cursor and outputs, and its status, with the end's audit
 * row when it has already ended.
 */
export interface StartState {
  status: 'running' | 'completed' | 'error';
  cursor: string | null;
  outputs: Record<string, unknown>;
  trace: TraceEntry[];
  checkpoints: readonly HeldCheckpoint[];
  error?: { code: string; message: string };
  endAudit?: AuditInput;
}

export interface InsertOptions {
  audit: AuditInput;
  refusePaused: boolean;
  state?: StartState;
}

/** What a step boundary writes; the run's cursor and its checkpoint in one transaction. `held`
 * checkpoints (steps that ran since the last boundary) go first, at seq + 1, seq + 2, ..., this
 * step's after them, and the run's seq moves past all of them. */
export interface Boundary {
  runId: string;
  seq: number;
  stepId: string | null;
  cursor: string | null;
  outputs: Record<string, unknown>;
  trace: TraceEntry[];
  principal: string;
  input: string | undefined;
  attemptKey: string | undefined;
  attemptOutcome: string;
  held?: readonly HeldCheckpoint[];
}

/** Where a boundary leaves the run. */
export type Final =
  | { status: 'running' }
  | { status: 'waiting'; reason: WaitingReason; stepId: string; token: string | undefined; resumeSignal: StoredSignal | undefined }
  | { status: 'completed' }
  | { status: 'error'; code: string; message: string };

export type BoundaryResult<S = StoredSignal> =
  | { ok: true; pauseRequested: boolean; audit?: StoredAudit | undefined }
  | { ok: false; reason: 'lost' | 'withdrawn' }
  | { ok: false; reason: 'pending'; signal: S };

/** Why an attempt could not be opened: `lost` (this worker no longer holds the run at this seq:
 * stop driving it) or `taken` (an attempt of this step at this seq exists: the step may have run). */
export type Opened = { ok: true; key: string } | { ok: false; reason: 'lost' } | { ok: false; reason: 'taken'; key: string; open: boolean };

/** Closed attempts of a step, oldest first, for the caller's re-entry decision. */
export type ClosedAttempts = readonly { key: string; outcome: string | null }[];

export interface ClaimMatch {
  stepId?: string;
  token?: string;
  notReason?: WaitingReason;
}

/** What a run's state shows besides the run: its checkpoints (by seq), attempts (by opening) and child runs. */
export interface RunTrail {
  checkpoints: FlowCheckpoint[];
  attempts: FlowAttempt[];
  children: Pick<RunRow, 'id' | 'parentStepId' | 'status'>[];
}

export interface RunListQuery {
  /** Only running and waiting runs. */
  open: boolean;
  limit: number;
  principal?: string | undefined;
  status?: string | undefined;
  flowId?: string | undefined;
  trigger?: string | undefined;
  /** Created at or after. */
  since?: Date | undefined;
  /** Created before. */
  until?: Date | undefined;
  /** Keyset paging: only runs listed after this one (newest first: created earlier, or at once with a smaller id). */
  after?: { createdAt: Date; id: string } | undefined;
}

export interface RunRepository {
  load(id: string): Promise<RunRow | null>;
  /** Newest first (by creation, then id). */
  list(q: RunListQuery): Promise<RunRow[]>;
  trail(runId: string): Promise<RunTrail>;
  /** The ids of a run's children that are still running or waiting. */
  openChildren(parentRunId: string): Promise<string[]>;
  /** The ids of the waiting runs that execute as `principal`. */
  parkedOf(principal: string): Promise<string[]>;
  /** Running runs, oldest first: every one, or with `expiredBefore` those whose lease expired before it. */
  recoverable(expiredBefore: Date | undefined, limit: number): Promise<Pick<RunRow, 'id' | 'leaseExpiresAt'>[]>;
  /** The child run a parent's step started, if any (one per parent step: a unique key). */
  findChild(parentRunId: string, stepId: string): Promise<RunRow | null>;
  /**
   * Inserts a run already leased to `lease.holder` together with its start audit row (and a
   * StartState's checkpoints and end audit row) in one transaction. Nothing is inserted when the
   * id (or the parent's one-child-per-step key) exists, or, with `refusePaused`, when the
   * principal is paused.
   */
  insert(r: NewRun, lease: Lease, o: InsertOptions): Promise<InsertedRun>;
  /** Takes a `running` run whose lease is free, expired or this worker's own, or any with `force`. */
  takeLease(id: string, lease: Lease, force: boolean): Promise<boolean>;
  renewLease(id: string, lease: Lease): Promise<boolean>;
  /** Claims a parked run for a waker: waiting → running under `lease`. Exactly one claimer wins. */
  claimWaiting(id: string, lease: Lease, match: ClaimMatch, signal: StoredSignal | null, clearPause: boolean): Promise<boolean>;
  /** A signal for a step that is still running (it has not parked yet): kept for the park to find. */
  leavePendingSignal(id: string, stepId: string, signal: StoredSignal): Promise<boolean>;
  /**
   * Opens (commits) an attempt before a side effect, keyed `<run>/<step>/<seq>`, only for the
   * run's lease holder at the run's seq. A key that exists fails closed (`taken`); only when
   * `reenter` agrees is a `.rN` key taken next to closed ones; an open one always fails closed.
   */
  openAttempt(runId: string, stepId: string, seq: number, lease: Lease, reenter: (closed: ClosedAttempts) => boolean): Promise<Opened>;
  openAttempts(runId: string): Promise<FlowAttempt[]>;
  closeAttempt(key: string, outcome: string, now: Date): Promise<void>;
  /**
   * Writes a boundary: commit (status stays running), park (waiting) or end (completed/error),
   * with its checkpoints and attempt close, only while this worker holds the run at `b.seq`.
   * `audit` is stored with the boundary on the common path (returned as `audit`); otherwise the
   * caller records it itself.
   */
  writeBoundary(b: Boundary, lease: Lease, fin: Final, audit?: AuditInput): Promise<BoundaryResult>;
  /** Ends a run from outside its driver (cancel, fail-closed recovery). Only from running/waiting. */
  endFromOutside(
    id: string,
    status: 'cancelled' | 'error',
    code: string,
    message: string,
    now: Date,
    onlyHolder?: string,
  ): Promise<boolean>;
  /** Ends the run `error`/`flow_step_interrupted` and closes its attempt `interrupted`, together, only while `holder` holds it. */
  interrupt(id: string, attemptKey: string, message: string, now: Date, holder: string): Promise<boolean>;
  requestPause(id: string, now: Date): Promise<boolean>;
  /** Withdraws a pause that has not been honoured yet (the run is still running). */
  withdrawPause(id: string, now: Date): Promise<boolean>;
  /**
   * Drops the expired lease of a `running` run, so the recovery sweep no longer takes it over
   * (a poison command's run: it killed every worker that drove it); a takeover by lease still can.
   */
  setAside(id: string, now: Date): Promise<boolean>;
}
