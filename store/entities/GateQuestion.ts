/**
 * A question a run waits on: a human gate, or an ask-mode connector write. Exactly one per
 * (run, step): the unique index is what makes `gate.open` idempotent across resumes and
 * replicas. `status` moves only by conditional updates from `open`, so one answer, one expiry
 * or one close wins. The rendered prompt lives here and in the thread, never in an event.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export type GateStatus = 'open' | 'resolved' | 'timed_out' | 'closed';
export type GatePurpose = 'human_gate' | 'connector_ask';
export interface GateOption {
  id: string;
  label: string;
  port: string | null;
}

export const GateQuestion = defineEntity({
  name: 'GateQuestion',
  uniques: [{ properties: ['runId', 'stepId'] }],
  indexes: [{ properties: ['status', 'deadlineAt'] }],
  properties: {
    id: p.string().primary(),
    runId: p.string(),
    stepId: p.string(),
    purpose: p.string().$type<GatePurpose>(),
    principal: p.string(),
    thread: p.string(),
    prompt: p.text(),
    options: p.json<GateOption[]>(),
    assignee: p.string().nullable(),
    status: p.string().$type<GateStatus>(),
    deadlineAt: p.datetime(),
    createdAt: p.datetime(),
    /** The question's message in the thread. */
    messageId: p.string().nullable(),
    answeredAt: p.datetime().nullable(),
    optionId: p.string().nullable(),
    answeredBy: p.string().nullable(),
    closeReason: p.string().nullable(),
    /** When the run was sent its resume signal; null after resolve/expiry means "send again". */
    signaledAt: p.datetime().nullable(),
    /** The asking run's trace id: the question's events and its signal to the run carry it,
     * whoever answers. Null for questions asked before it was kept. */
    traceId: p.string().nullable(),
  },
});

export type GateQuestion = InferEntity<typeof GateQuestion>;
