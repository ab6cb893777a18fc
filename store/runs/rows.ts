/** Rows both run repositories write the same way: a new run's row, a boundary's checkpoints. */
import type { Boundary, HeldCheckpoint, Lease, NewRun, RunRow, StartState } from './types.js';

export const expiry = (l: Lease): Date => new Date(l.now() + l.ms);

/** The row of a run about to start, leased to `lease.holder`, as the repository stores it (at `state`). */
export function newRunRow(r: NewRun, lease: Lease, state?: StartState): RunRow {
  const now = new Date(lease.now());
  const running = !state || state.status === 'running';
  return {
    id: r.id,
    flowId: r.flowId,
    flow: r.flow,
    principal: r.principal,
    input: r.input ?? null,
    trigger: r.trigger,
    status: state?.status ?? 'running',
    waitingReason: null,
    waitingStepId: null,
    waitingToken: null,
    cursor: state ? state.cursor : r.cursor,
    seq: state?.checkpoints.length ?? 0,
    outputs: state?.outputs ?? {},
    trace: state?.trace ?? [],
    stack: r.stack,
    parentRunId: r.parent?.runId ?? null,
    parentStepId: r.parent?.stepId ?? null,
    parentKey: r.parent ? `${r.parent.runId}/${r.parent.stepId}` : null,
    errorCode: state?.error?.code ?? null,
    errorMessage: state?.error?.message ?? null,
    leaseHolder: running ? lease.holder : null,
    leaseExpiresAt: running ? expiry(lease) : null,
    pauseRequested: false,
    resumeSignal: null,
    pendingSignal: null,
    traceId: r.traceId ?? null,
    createdAt: now,
    updatedAt: now,
    endedAt: running ? null : now,
  } satisfies Record<Exclude<keyof RunRow, symbol>, unknown> as unknown as RunRow;
}

export type CheckpointRow = {
  runId: string;
  seq: number;
  stepId: string | null;
  cursor: string | null;
  outputs: Record<string, unknown>;
  principal: string;
  input: string | null;
  at: Date;
};

/** A run's checkpoint rows for `list`, at seq after + 1, after + 2, ... */
export function checkpointRows(
  run: { runId: string; principal: string; input: string | undefined },
  after: number,
  list: readonly HeldCheckpoint[],
  now: Date,
): CheckpointRow[] {
  return list.map((c, i) => ({
    runId: run.runId,
    seq: after + 1 + i,
    stepId: c.stepId,
    cursor: c.cursor,
    outputs: c.outputs,
    principal: run.principal,
    input: run.input ?? null,
    at: now,
  }));
}

/** The boundary's checkpoint rows, in seq order (the held ones first). */
export const checkpointsOf = (b: Boundary, now: Date): CheckpointRow[] =>
  checkpointRows(b, b.seq, [...(b.held ?? []), { stepId: b.stepId, cursor: b.cursor, outputs: b.outputs }], now);

/** The run's seq once the boundary is written. */
export const seqAfter = (b: Boundary): number => b.seq + 1 + (b.held?.length ?? 0);
