/**
 * The one way a run changes hands. Every path that continues a run another drive left (a
 * redelivered start, the recovery sweep, a parent finding its child left running, this worker
 * re-entering after its own boundary write failed, a resume or a signal of a parked run) comes
 * through `takeOver`, which looks at the run's open attempts before any step runs: an open
 * attempt means the step's side effect may have happened, so the run fails closed with
 * `flow_step_interrupted`, naming the step and the attempt key, unless the step may be run again
 * (`idempotent: true`, or an agent step, whose child is unique per (run, step) and is found again).
 */
import type { Step } from '../../../schemas/flows.js';
import type { RunView } from '../../../schemas/runs.js';
import type { Engine } from './engine.js';
import { closeAttempt, interruptRun, loadRun, openAttempts, takeLease } from './records.js';
import { toView } from '../../../queries/run-view.js';
import { runEnded } from './events.js';

/** How the run was taken: by its lease (free, expired, this worker's own after a failed write,
 * or any with `force` at single-process boot), or already claimed by the caller (a parked run's
 * waker: resume, signal). */
export type Claim = { kind: 'lease'; force?: boolean } | { kind: 'claimed' };

/** Whether a step interrupted inside its side effect may run again. */
export function mayRunAgain(step: Step | undefined): boolean {
  return step !== undefined && (step.kind === 'agent' || ('idempotent' in step && step.idempotent === true));
}

/** Takes the run over and drives it; undefined when it was not taken (someone else holds it). */
export function takeOver(e: Engine, runId: string, traceId: string, claim: Claim): Promise<RunView | undefined> {
  // After any drive of the run in this process: an attempt it has open is live, not a crash's,
  // and once it is over its lease is free to take (it ended the run, or its write failed).
  return e.exclusive(runId, async (drive) => {
    if (claim.kind === 'lease' && !(await takeLease(e.deps.store, runId, e.lease, claim.force === true))) return undefined;
    const ended = await failClosed(e, runId, traceId);
    return ended ?? drive(runId, traceId);
  });
}

/** Settles the run's open attempts; the run's end when one of them fails it closed. */
async function failClosed(e: Engine, runId: string, traceId: string): Promise<RunView | undefined> {
  const open = await openAttempts(e.deps.store, runId);
  if (open.length === 0) return undefined;
  const row = await loadRun(e.deps.store, runId);
  if (!row) return undefined;
  const flow = row.flow;
  const now = new Date(e.deps.now());
  for (const a of open) {
    if (mayRunAgain(flow.steps.find((s) => s.id === a.stepId))) {
      await closeAttempt(e.deps.store, a.key, 'abandoned', now);
      continue;
    }
    const message = `step ${a.stepId} was interrupted inside a side effect (attempt ${a.key}); it may or may not have happened: reconcile it, then start a new run`;
    if (await interruptRun(e.deps.store, runId, a.key, message, now, e.lease.holder)) {
      const v = toView((await loadRun(e.deps.store, runId))!);
      await runEnded(e.deps, row, v, row.traceId ?? traceId);
      return v;
    }
    // Someone else holds the run now (or it ended): it is theirs to settle.
    return toView((await loadRun(e.deps.store, runId))!);
  }
  return undefined;
}
