/**
 * What a run tells the world. `FlowRun` (audit) when a run starts (`status: running`), parks
 * and ends: one row per start and per "the run stopped here", so counting completed rows is
 * counting completions. `RunProgress` (published, not audit) after every step, so
 * `svc events tail RunProgress` shows a run live. A finished
 * child wakes its parent with `run.signal` (child_finished); the parent's claim decides. The
 * wake-up is owed from the commit of the child's end (store/owed-wakeups.ts), so the send here
 * is only its first try: one the bus does not take is re-sent by the wake-up sweep (wakeups.ts).
 */
import type { RunDeps } from '../deps.js';
import { clientOf } from '../../../bus/verbs.js';
import type { RunView, TraceEntry } from '../../../schemas/runs.js';
import type { EventData } from '../../../schemas/events.js';
import type { RunRow } from './records.js';
import type { AuditInput, StoredAudit } from '../../../store/audit/index.js';
import { auditEvent } from '../../../runtime/audit.js';
import type { OwedWakeup } from '../../../store/owed-wakeups.js';

function summary(v: RunView): EventData<'FlowRun'> {
  return {
    runId: v.id,
    flowId: v.flowId,
    principal: v.principal,
    trigger: v.trigger,
    status: v.status,
    steps: v.steps.length,
    ...(v.waiting ? { waiting: v.waiting } : {}),
    ...(v.error ? { error: v.error } : {}),
    ...(v.parent ? { parent: v.parent } : {}),
  };
}

export function stepDone(deps: RunDeps, runId: string, flowId: string, entry: TraceEntry, seq: number, traceId: string): void {
  deps.bus
    .emit(
      'RunProgress',
      {
        runId,
        flowId,
        seq,
        stepId: entry.stepId,
        kind: entry.kind,
        status: entry.status,
        summary: entry.summary,
        ...(entry.port !== undefined ? { port: entry.port } : {}),
        ...(entry.verdict ? { verdict: entry.verdict } : {}),
      },
      { traceId, noAck: true },
    )
    .catch((err) => deps.log.debug({ err, runId, traceId }, 'RunProgress not published'));
}

/** The audit row of a run about to execute its first step (`FlowRun`, emitted when a run happens);
 * written with the run (records.insertRun), published by `runStarted`. */
export function startedAudit(
  r: { runId: string; flowId: string; principal: string; trigger: string; parent?: { runId: string; stepId: string } },
  traceId: string,
): AuditInput {
  return auditEvent('FlowRun', { ...r, status: 'running', steps: 0 }, traceId);
}

export async function runStarted(deps: RunDeps, row: StoredAudit): Promise<void> {
  await deps.audit.publish(row);
}

export async function runParked(deps: RunDeps, v: RunView, traceId: string): Promise<void> {
  await deps.audit.record('FlowRun', summary(v), traceId);
}

/** The audit row of a run's end, for writeBoundary to store with the final step. */
export function endedAudit(v: RunView, traceId: string): AuditInput {
  return auditEvent('FlowRun', summary(v), traceId);
}

/** `stored`: the end's audit row when the final boundary wrote it; recorded here otherwise. */
export async function runEnded(
  deps: RunDeps,
  row: Pick<RunRow, 'parentRunId' | 'parentStepId'>,
  v: RunView,
  traceId: string,
  stored?: StoredAudit,
): Promise<void> {
  try {
    await (stored ? deps.audit.publish(stored) : deps.audit.record('FlowRun', summary(v), traceId));
  } finally {
    // The end is committed: a failed audit write (the store away) must not cost the parent its
    // wake-up, since the redelivered command finds the run ended and sends nothing.
    await wakeParent(deps, row, v.id, traceId);
  }
}

/** The child's end stands whether or not the send goes out: a failure is logged and left to the
 * sweep, never thrown into the drive (which would retry a finished run or fail its parent's step). */
export async function wakeParent(
  deps: RunDeps,
  row: Pick<RunRow, 'parentRunId' | 'parentStepId'>,
  childRunId: string,
  traceId: string,
): Promise<void> {
  if (!row.parentRunId || !row.parentStepId) return;
  try {
    deps.config.faults.hit('wake.before-send', row.parentStepId);
    await sendWakeup(deps.bus, { parentRunId: row.parentRunId, parentStepId: row.parentStepId, childRunId, traceId });
  } catch (err) {
    deps.log.warn(
      { err, runId: childRunId, parentRunId: row.parentRunId, traceId },
      'parent wake-up not sent; the wake-up sweep re-sends it',
    );
  }
}

/** One wake-up. The first send's msgId makes its copies inside the duplicate window one command;
 * a sweep's re-send names its own clock window, so the stream does not drop it as a copy of a
 * first send that was taken and then lost (a re-send inside that window would change nothing).
 * The parent's conditional claim makes any later copy change nothing. */
export async function sendWakeup(bus: RunDeps['bus'], w: OwedWakeup, sweepWindow?: number): Promise<void> {
  const msgId = `child_finished.${w.childRunId}${sweepWindow === undefined ? '' : `.sweep.${sweepWindow}`}`;
  await clientOf(bus, 'run').signal.send(
    { runId: w.parentRunId, stepId: w.parentStepId, signal: { kind: 'child_finished', childRunId: w.childRunId } },
    { msgId, ...(w.traceId === null ? {} : { traceId: w.traceId }) },
  );
}
