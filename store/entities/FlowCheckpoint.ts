/**
 * The checkpoint trail: one row per completed (or parked) step, written in the same transaction
 * as the run's cursor. `(runId, seq)` is unique, so two writers can never both record step n.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const FlowCheckpoint = defineEntity({
  name: 'FlowCheckpoint',
  uniques: [{ properties: ['runId', 'seq'] }],
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    runId: p.string(),
    seq: p.integer(),
    stepId: p.string().nullable(),
    cursor: p.string().nullable(),
    outputs: p.json<Record<string, unknown>>(),
    principal: p.string(),
    input: p.text().nullable(),
    at: p.datetime(),
  },
});

export type FlowCheckpoint = InferEntity<typeof FlowCheckpoint>;
