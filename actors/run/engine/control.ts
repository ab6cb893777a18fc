/**
 * Requests from outside a run's driver: pause (a flag honoured at the next boundary), resume
 * (claim waiting → running, then drive), cancel (recursive to delegates, their gates and asks
 * closed), signal (a gate, an ask or a child waking a parked step; exactly one claimer wins),
 * recover (take over an expired lease). Every takeover goes through takeover.ts.
 */
import { AppError } from '../../../schemas/errors.js';
import type { ResumeSignal, RunView } from '../../../schemas/runs.js';
import type { Engine } from './engine.js';
import {
  claimWaiting,
  closeAttempt,
  endFromOutside,
  leavePendingSignal,
  loadRun,
  openAttempts,
  openChildren,
  parkedRunsOf,
  requestPause,
  withdrawPause,
  type RunRow,
} from './records.js';
import { takeOver } from './takeover.js';
import { toView } from '../../../queries/run-view.js';
import { pauseAgent, pauseOf } from '../../../store/paused.js';
import { wakeParent } from './events.js';

const must = async (e: Engine, runId: string): Promise<RunRow> => {
  const row = await loadRun(e.deps.store, runId);
  if (!row) throw new AppError('record_not_found', { message: `no run ${runId}` });
  return row;
};

/** The run's own trace id when it has one: a pause, resume or cancel is part of the run's story,
 * whichever request asked for it. */
const traceOf = (row: RunRow, asked: string): string => row.traceId ?? asked;

const lifecycle = (
  e: Engine,
  row: RunRow,
  action: 'pause' | 'resume' | 'cancel',
  by: string | undefined,
  reason: string | undefined,
  asked: string,
) =>
  e.deps.audit.record(
    'FlowRunLifecycle',
    { runId: row.id, action, ...(by ? { by } : {}), ...(reason ? { reason } : {}) },
    traceOf(row, asked),
  );

export async function pauseRun(
  e: Engine,
  runId: string,
  reason: string | undefined,
  by: string | undefined,
  traceId: string,
): Promise<RunView> {
  const row = await must(e, runId);
  if (row.status === 'cancelled') throw new AppError('run_cancelled');
  if (await requestPause(e.deps.store, runId, new Date(e.deps.now()))) await lifecycle(e, row, 'pause', by, reason, traceId);
  return toView((await loadRun(e.deps.store, runId))!);
}

export async function resumeRun(e: Engine, runId: string, by: string | undefined, traceId: string): Promise<RunView> {
  // A resume races the driver's own boundary writes; re-read until one of the transitions wins.
  for (let i = 0; ; i++) {
    const row = await must(e, runId);
    if (row.status === 'cancelled') throw new AppError('run_cancelled');
    if (row.status === 'running') {
      // A pause not yet honoured is simply withdrawn (the driver re-checks before it parks).
      if (!row.pauseRequested) return toView(row);
      if (await withdrawPause(e.deps.store, runId, new Date(e.deps.now()))) {
        await lifecycle(e, row, 'resume', by, undefined, traceId);
        return toView((await loadRun(e.deps.store, runId))!);
      }
    } else if (row.status !== 'waiting') {
      return toView(row);
    } else {
      // Parked by the operator: re-enter the cursor step with whatever signal it was holding.
      // Parked by a step: re-enter that step released.
      const signal =
        row.waitingReason === 'operator' ? ((row.resumeSignal ?? null) as ResumeSignal | null) : ({ kind: 'released' } as ResumeSignal);
      if (await claimWaiting(e.deps.store, runId, e.lease, { ...(row.waitingStepId ? { stepId: row.waitingStepId } : {}) }, signal, true)) {
        await lifecycle(e, row, 'resume', by, undefined, traceId);
        return (await takeOver(e, runId, traceId, { kind: 'claimed' }))!;
      }
    }
    if (i >= 20) return toView((await loadRun(e.deps.store, runId))!);
  }
}

export async function cancelRun(
  e: Engine,
  runId: string,
  reason: string | undefined,
  by: string | undefined,
  traceId: string,
  audit = true,
): Promise<RunView> {
  const row = await must(e, runId);
  const message = reason ? `cancelled: ${reason}` : `cancelled${by ? ` by ${by}` : ''}`;
  const done = await endFromOutside(e.deps.store, runId, 'cancelled', 'run_cancelled', message, new Date(e.deps.now()));
  if (done) {
    // A write in the air finishes, but its boundary can no longer be written: close its attempt
    // here, marked so a reader knows the call may or may not have happened.
    for (const a of await openAttempts(e.deps.store, runId)) await closeAttempt(e.deps.store, a.key, 'cancelled', new Date(e.deps.now()));
    await e.deps.clients.gate.close.send({ runId }, { traceId: traceOf(row, traceId) });
    if (audit) await lifecycle(e, row, 'cancel', by, reason, traceId);
    for (const child of await openChildren(e.deps.store, runId))
      await cancelRun(e, child, `parent run ${runId} cancelled`, by, traceId, audit);
    await wakeParent(e.deps, row, runId, traceOf(row, traceId));
  }
  return toView((await loadRun(e.deps.store, runId))!);
}

/** Rounds of claim-or-leave-pending for one signal; each further round needs the run to have
 * changed state between the two writes of the previous one. */
const SIGNAL_ROUNDS = 20;

/**
 * A parked step's release. Returns the run as it stands after the signal was applied.
 * The signal is taken by one of two conditional writes: the claim of the step's park, or, while
 * the step is still running, a pending signal its park will find. The park can commit between
 * the two (the claim saw the step running, the pending write sees it parked), so a miss of both
 * re-reads the run and tries again while either could still take it; dropping it there left a
 * parent parked on a child that had ended, until a sweep re-sent the wake-up.
 */
export async function signalRun(
  e: Engine,
  runId: string,
  stepId: string,
  signal: ResumeSignal,
  traceId: string,
): Promise<{ applied: boolean; run?: RunView }> {
  const token = signal.kind === 'child_finished' ? signal.childRunId : undefined;
  const match = { stepId, ...(token ? { token } : {}), notReason: 'operator' as const };
  for (let i = 0; i < SIGNAL_ROUNDS; i++) {
    if (await claimWaiting(e.deps.store, runId, e.lease, match, signal)) {
      return { applied: true, run: await takeOver(e, runId, traceId, { kind: 'claimed' }) };
    }
    // The step has not parked yet (its park is still being written): leave the signal for it.
    if (await leavePendingSignal(e.deps.store, runId, stepId, signal)) return { applied: true };
    const row = await loadRun(e.deps.store, runId);
    if (!row || !(parkedOn(row, match) || awaitsPark(row, stepId))) return { applied: false };
  }
  return { applied: false };
}

/** The run is parked where the signal's claim would take it. */
const parkedOn = (row: RunRow, m: { stepId: string; token?: string }): boolean =>
  row.status === 'waiting' &&
  row.waitingReason !== 'operator' &&
  row.waitingStepId === m.stepId &&
  (m.token === undefined || row.waitingToken === m.token);

/** The run is still at the step with no signal pending: a pending signal would be taken. */
const awaitsPark = (row: RunRow, stepId: string): boolean =>
  row.status === 'running' && row.cursor === stepId && row.pendingSignal === null;

/** Takes over a run whose worker died (the recovery sweep, or every run left running at boot). */
export function recoverRun(e: Engine, runId: string, traceId: string, force = false): Promise<RunView | undefined> {
  return takeOver(e, runId, traceId, { kind: 'lease', force });
}

/**
 * `POST /agents/pause`: records the pause (new runs of the seat, its delegated children and its
 * webhook deliveries are refused while the row stands) and cancels the agent's parked runs with
 * the reason attached. Runs in flight finish their current write; they are not parked runs.
 * On a chain, the agent's live session keys are revoked as well (the chain port's containment).
 */
export async function pauseAgentRuns(
  e: Engine,
  agent: string,
  reason: string | undefined,
  by: string,
  traceId: string,
): Promise<{ paused: boolean; cancelled: string[]; revokedSessions?: string[]; sessionsNotRevoked?: string }> {
  const paused = await pauseAgent(e.deps.store, agent, by, reason);
  const cancelled: string[] = [];
  for (const id of await parkedRunsOf(e.deps.store, agent)) {
    const v = await cancelRun(e, id, pausedReason(agent, reason), by, traceId, false);
    if (v.status === 'cancelled') cancelled.push(id);
  }
  if (!e.deps.chain.configured) return { paused, cancelled };
  // Containment: a paused agent's session keys are revoked on chain too. The pause stands whatever the chain answers; a
  // second pause revokes what the first could not.
  const sessions = await e.deps.chain.containment(agent, traceId).then(
    (r) => ({ revokedSessions: [...r.revoked] }),
    (err: unknown) => ({ revokedSessions: [], sessionsNotRevoked: (err as Error).message }),
  );
  return { paused, cancelled, ...sessions };
}

const pausedReason = (agent: string, reason: string | null | undefined): string => `agent ${agent} paused${reason ? `: ${reason}` : ''}`;

/**
 * A run in flight when its agent was paused is not among the parked runs pauseAgentRuns finds;
 * if it parks afterwards, it is cancelled here. The pause row is written before that search, so
 * a park committed after the search sees the row in this read, and one of the two cancels it.
 */
export async function cancelIfPaused(e: Engine, v: RunView, traceId: string): Promise<RunView> {
  if (v.status !== 'waiting') return v;
  const pause = await pauseOf(e.deps.store, v.principal);
  return pause ? cancelRun(e, v.id, pausedReason(v.principal, pause.reason), pause.pausedBy, traceId, false) : v;
}
