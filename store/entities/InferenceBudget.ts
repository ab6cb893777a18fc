/**
 * An inference budget: the model spend allowed to a crew (or a single seat) and what it has
 * spent. `reservedMicroDollars` is what calls in flight hold: a call reserves its estimate before
 * the provider is asked and settles its real cost after, so racing workers on any replica are
 * admitted by one conditional UPDATE each. `estimateMicroDollars` is the largest call settled so
 * far (at least the unpriced floor): what the next call reserves. `warnedAt` marks the crossing
 * of a soft limit, so the warning is raised once per crossing across replicas.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const InferenceBudget = defineEntity({
  name: 'InferenceBudget',
  properties: {
    crew: p.string().primary(),
    limitMicroDollars: p.double(),
    enforcement: p.string(),
    spentMicroDollars: p.double(),
    reservedMicroDollars: p.double(),
    estimateMicroDollars: p.double(),
    calls: p.integer(),
    unpricedCalls: p.integer(),
    refusedCalls: p.integer(),
    warnedAt: p.datetime().nullable(),
    updatedBy: p.string(),
    updatedAt: p.datetime(),
    resetAt: p.datetime().nullable(),
  },
});
export type InferenceBudget = InferEntity<typeof InferenceBudget>;
