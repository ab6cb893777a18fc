/** The run as the API shows it (docs/flows.md "Runs"): status, waiting, the step trace, the error. */
import type { RunView, TraceEntry } from '../schemas/runs.js';
import type { RunRow } from '../store/runs/index.js';
import type { RunStatus, WaitingReason } from '../schemas/flows.js';

export function toView(r: RunRow): RunView {
  const v: RunView = {
    id: r.id,
    flowId: r.flowId,
    status: r.status as RunStatus,
    principal: r.principal,
    trigger: r.trigger,
    cursor: r.cursor ?? null,
    steps: (r.trace ?? []) as TraceEntry[],
    stack: r.stack ?? [],
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
  };
  if (r.input != null) v.input = r.input;
  if (r.status === 'waiting' && r.waitingReason && r.waitingStepId) {
    v.waiting = { reason: r.waitingReason as WaitingReason, stepId: r.waitingStepId, ...(r.waitingToken ? { token: r.waitingToken } : {}) };
  }
  if (r.errorCode) v.error = { code: r.errorCode, message: r.errorMessage ?? '' };
  if (r.parentRunId && r.parentStepId) v.parent = { runId: r.parentRunId, stepId: r.parentStepId };
  if (r.traceId) v.traceId = r.traceId;
  if (r.endedAt) v.endedAt = new Date(r.endedAt).toISOString();
  return v;
}
