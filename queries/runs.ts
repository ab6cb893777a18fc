/** Reads of runs for the gateway: lists (newest first) and one run's state with its trail. */
import { runsOf } from '../store/runs/index.js';
import type { Store } from '../store/types.js';
import { AppError } from '../schemas/errors.js';
import type { RunListQuery, RunState, RunView } from '../schemas/runs.js';
import { toView } from './run-view.js';

export interface RunFilter {
  open: boolean;
  limit: number;
  /** The only principal the caller may read (a seat reads its own runs); undefined: any. */
  visibleTo?: string | undefined;
  query?: RunListQuery;
}

/** A page of runs, newest first, and the `before` of the next page when this one is full. */
export async function listRuns(store: Store, f: RunFilter): Promise<{ runs: RunView[]; next?: string }> {
  const q = f.query ?? {};
  // A seat that asks for someone else's runs sees none, as if there were none.
  if (f.visibleTo !== undefined && q.principal !== undefined && q.principal !== f.visibleTo) return { runs: [] };
  const runs = runsOf(store);
  let after: { createdAt: Date; id: string } | undefined;
  if (q.before !== undefined) {
    const from = await runs.load(q.before);
    if (!from || (f.visibleTo !== undefined && from.principal !== f.visibleTo))
      throw new AppError('record_not_found', { message: `no run ${q.before} to page from` });
    after = { createdAt: new Date(from.createdAt), id: from.id };
  }
  const rows = await runs.list({
    open: f.open,
    limit: f.limit,
    principal: f.visibleTo ?? q.principal,
    status: q.status,
    flowId: q.flowId,
    trigger: q.trigger,
    since: q.since === undefined ? undefined : new Date(q.since),
    until: q.until === undefined ? undefined : new Date(q.until),
    after,
  });
  const views = rows.map(toView);
  return rows.length === f.limit && rows.length > 0 ? { runs: views, next: rows[rows.length - 1]!.id } : { runs: views };
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
    ...(row.flow ? { flow: row.flow as unknown as Record<string, unknown> } : {}),
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
