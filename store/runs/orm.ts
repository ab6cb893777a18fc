/**
 * The run repository's reads on the ORM, the same on both engines: listings, a run's trail, the
 * recovery scan. It writes nothing: every write of a run is a plan (plan.ts) that pg.ts and
 * sqlite.ts render.
 */
import { FlowRun } from '../entities/FlowRun.js';
import { FlowCheckpoint } from '../entities/FlowCheckpoint.js';
import { FlowAttempt } from '../entities/FlowAttempt.js';
import type { Store } from '../types.js';
import type { RunRepository } from './types.js';

export type OrmRuns = Pick<RunRepository, 'list' | 'trail' | 'openChildren' | 'parkedOf' | 'recoverable' | 'findChild' | 'openAttempts'>;

export function ormRuns(store: Store): OrmRuns {
  return {
    list(q) {
      const where: Record<string, unknown> = {};
      if (q.open) where.status = { $in: ['running', 'waiting'] };
      if (q.status !== undefined) where.status = q.open && !['running', 'waiting'].includes(q.status) ? { $in: [] } : q.status;
      if (q.principal !== undefined) where.principal = q.principal;
      if (q.flowId !== undefined) where.flowId = q.flowId;
      if (q.trigger !== undefined) where.trigger = q.trigger;
      const created: Record<string, Date> = {};
      if (q.since !== undefined) created.$gte = q.since;
      if (q.until !== undefined) created.$lt = q.until;
      if (Object.keys(created).length) where.createdAt = created;
      if (q.after !== undefined) {
        const { createdAt, id } = q.after;
        where.$and = [{ $or: [{ createdAt: { $lt: createdAt } }, { createdAt, id: { $lt: id } }] }];
      }
      return store.em().find(FlowRun, where, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: q.limit });
    },

    async trail(runId) {
      const [checkpoints, attempts, children] = await Promise.all([
        store.em().find(FlowCheckpoint, { runId }, { orderBy: { seq: 'asc' } }),
        store.em().find(FlowAttempt, { runId }, { orderBy: { openedAt: 'asc' } }),
        store.em().find(FlowRun, { parentRunId: runId }, { fields: ['id', 'parentStepId', 'status'] }),
      ]);
      return { checkpoints, attempts, children };
    },

    openChildren: async (parentRunId) =>
      (await store.em().find(FlowRun, { parentRunId, status: { $in: ['running', 'waiting'] } }, { fields: ['id'] })).map((r) => r.id),

    parkedOf: async (principal) => (await store.em().find(FlowRun, { principal, status: 'waiting' }, { fields: ['id'] })).map((r) => r.id),

    recoverable(expiredBefore, limit) {
      const where = expiredBefore ? { status: 'running', leaseExpiresAt: { $lt: expiredBefore } } : { status: 'running' };
      return store.em().find(FlowRun, where, { fields: ['id', 'leaseExpiresAt'], limit, orderBy: { createdAt: 'asc' } });
    },

    findChild: (parentRunId, stepId) => store.em().findOne(FlowRun, { parentKey: `${parentRunId}/${stepId}` }),

    openAttempts: (runId) => store.em().find(FlowAttempt, { runId, closedAt: null }),
  };
}
