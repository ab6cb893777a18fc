/** Reads of runs for the gateway: lists (newest first) and one run's state with its trail. */
import { runsOf } from '../store/runs/index.js';
import type { Store } from '../store/types.js';
import { AppError } from '../schemas/errors.js';
import type { RunState, RunView } from '../schemas/runs.js';
import { toView } from './run-view.js';

export async function listRuns(store: Store, q: { open: boolean; limit: number; principal?: string }): Promise<RunView[]> {
  return (await runsOf(store).list(q)).map(toView);
}

/** `principal` set: the caller may read only runs it executes as. */
export async function runState(store: Store, runId: string, principal?: string): Promise<RunState> {
  const runs = runsOf(store);
  const row = await runs.load(runId);
  if (!row || (principal !== undefined && row.principal !== principal))
    throw new AppError('record_not_found', { message: `no run ${runId}` });
  const { checkpoints: cps, attempts, children } = await runs.trail(runId);
  return {
    run: toView(row),
    outputs: row.outputs,
    checkpoints: cps.map((c) => ({
      seq: c.seq,
      stepId: c.stepId ?? null,
      cursor: c.cursor ?? null,
      outputs: c.outputs,
      principal: c.principal,
      ...(c.input != null ? { input: c.input } : {}),
      at: new Date(c.at).toISOString(),
    })),
    attempts: attempts.map((a) => ({
      key: a.key,
      stepId: a.stepId,
      worker: a.worker,
      openedAt: new Date(a.openedAt).toISOString(),
      ...(a.closedAt ? { closedAt: new Date(a.closedAt).toISOString() } : {}),
      ...(a.outcome ? { outcome: a.outcome } : {}),
    })),
    children: children.map((c) => ({ id: c.id, stepId: c.parentStepId ?? '', status: c.status })),
    ...(row.leaseHolder && row.leaseExpiresAt
      ? { lease: { holder: row.leaseHolder, expiresAt: new Date(row.leaseExpiresAt).toISOString() } }
      : {}),
  };
}
