/** Reads of runs for the gateway: lists (newest first) and one run's state with its trail. */
import { FlowRun } from '../../store/entities/FlowRun.js';
import { FlowCheckpoint } from '../../store/entities/FlowCheckpoint.js';
import { FlowAttempt } from '../../store/entities/FlowAttempt.js';
import type { Store } from '../../store/types.js';
import { AppError } from '../../schemas/errors.js';
import type { RunState, RunView } from '../../schemas/runs.js';
import { toView } from './engine/view.js';

export async function listRuns(store: Store, q: { open: boolean; limit: number; principal?: string }): Promise<RunView[]> {
  const where: Record<string, unknown> = {};
  if (q.open) where.status = { $in: ['running', 'waiting'] };
  if (q.principal !== undefined) where.principal = q.principal;
  const rows = await store.em().find(FlowRun, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit });
  return rows.map(toView);
}

/** `principal` set: the caller may read only runs it executes as. */
export async function runState(store: Store, runId: string, principal?: string): Promise<RunState> {
  const em = store.em();
  const row = await em.findOne(FlowRun, { id: runId });
  if (!row || (principal !== undefined && row.principal !== principal))
    throw new AppError('record_not_found', { message: `no run ${runId}` });
  const [cps, attempts, children] = await Promise.all([
    em.fork().find(FlowCheckpoint, { runId }, { orderBy: { seq: 'asc' } }),
    em.fork().find(FlowAttempt, { runId }, { orderBy: { openedAt: 'asc' } }),
    em.fork().find(FlowRun, { parentRunId: runId }, { fields: ['id', 'parentStepId', 'status'] }),
  ]);
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
