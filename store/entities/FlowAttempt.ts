/**
 * An attempt record around a side-effecting step: opened (committed) before the call, closed in
 * the transaction that records the step's outcome. An attempt still open after a crash means
 * the far side may or may not have acted; recovery fails the run closed naming this key.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const FlowAttempt = defineEntity({
  name: 'FlowAttempt',
  properties: {
    key: p.string().primary(),
    runId: p.string().index(),
    stepId: p.string(),
    worker: p.string(),
    openedAt: p.datetime(),
    closedAt: p.datetime().nullable(),
    /** done, parked, failed, abandoned (idempotent retry), interrupted (failed closed). */
    outcome: p.string().nullable(),
  },
});

export type FlowAttempt = InferEntity<typeof FlowAttempt>;
