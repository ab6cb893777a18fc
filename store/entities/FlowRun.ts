/**
 * One run of a flow. The row is the run's live state: status, the cursor (next step to do), the
 * outputs so far and the trace. It also carries the lease (`leaseHolder` + `leaseExpiresAt`)
 * that lets exactly one worker drive it, taken and renewed with conditional UPDATEs, and the
 * unique `parentKey` (`<parentRunId>/<parentStepId>`) that allows one child per (run, step).
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { Flow } from '../../schemas/flows.js';

export const FlowRun = defineEntity({
  name: 'FlowRun',
  properties: {
    id: p.string().primary(),
    flowId: p.string(),
    /** The definition as validated when the run started: a re-saved flow does not change a run. */
    flow: p.json<Flow>(),
    principal: p.string().index(),
    input: p.text().nullable(),
    trigger: p.string(),
    status: p.string().index(),
    waitingReason: p.string().nullable(),
    waitingStepId: p.string().nullable(),
    waitingToken: p.string().nullable(),
    /** Next step to execute; null once the flow has nowhere left to go. */
    cursor: p.string().nullable(),
    /** Checkpoints written so far. */
    seq: p.integer(),
    outputs: p.json<Record<string, unknown>>(),
    trace: p.json<unknown[]>(),
    /** Flow ids on the delegation stack, outermost first. */
    stack: p.json<string[]>(),
    parentRunId: p.string().nullable().index(),
    parentStepId: p.string().nullable(),
    parentKey: p.string().nullable().unique(),
    errorCode: p.string().nullable(),
    errorMessage: p.text().nullable(),
    leaseHolder: p.string().nullable(),
    leaseExpiresAt: p.datetime().nullable().index(),
    pauseRequested: p.boolean(),
    /** The signal the cursor step is being re-entered with (kept for a takeover). */
    resumeSignal: p.json<Record<string, unknown>>().nullable(),
    /** A signal that arrived while the step it releases was still running. */
    pendingSignal: p.json<Record<string, unknown>>().nullable(),
    traceId: p.string().nullable(),
    createdAt: p.datetime().index(),
    updatedAt: p.datetime(),
    endedAt: p.datetime().nullable(),
  },
});

export type FlowRun = InferEntity<typeof FlowRun>;
