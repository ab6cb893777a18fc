/**
 * A `wait` step parked with a correlation key or a deadline: one row per (run, step), written by
 * the step before the run parks. `status` moves only by conditional updates from `waiting`
 * (`released` by an event, `timed_out` by the sweep, `closed` by a resume), so of an event, a
 * deadline and a resume racing on one wait exactly one wins, on every engine and replica. The
 * unique `eventId` lets no event release two waits.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export type WaitStatus = 'waiting' | 'released' | 'timed_out' | 'closed';

export const FlowWait = defineEntity({
  name: 'FlowWait',
  indexes: [{ properties: ['flowId', 'principal', 'key', 'status'] }, { properties: ['status', 'deadlineAt'] }],
  properties: {
    /** `<runId>/<stepId>`. */
    id: p.string().primary(),
    runId: p.string(),
    stepId: p.string(),
    flowId: p.string(),
    /** The run's principal: a releaser trigger releases only its own principal's waits. */
    principal: p.string(),
    key: p.string().nullable(),
    status: p.string().$type<WaitStatus>(),
    deadlineAt: p.datetime().nullable(),
    /** The event that released it. */
    eventId: p.string().nullable().unique(),
    traceId: p.string().nullable(),
    createdAt: p.datetime(),
    endedAt: p.datetime().nullable(),
  },
});

export type FlowWait = InferEntity<typeof FlowWait>;
