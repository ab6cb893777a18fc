/**
 * One row per model call: who was asked, what it cost. Token counts are null when the provider
 * reported no usage (unmetered); `microDollars` is null when no price matched (unpriced). Both
 * mean "unknown", never zero.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const ModelCall = defineEntity({
  name: 'ModelCall',
  properties: {
    id: p.string().primary(),
    at: p.datetime().index(),
    provider: p.string(),
    model: p.string(),
    inputTokens: p.integer().nullable(),
    outputTokens: p.integer().nullable(),
    microDollars: p.double().nullable(),
    runId: p.string().nullable().index(),
    stepId: p.string().nullable(),
  },
});

export type ModelCall = InferEntity<typeof ModelCall>;
