/**
 * A saved flow definition. The definition itself stays one JSON document (what a builder or an
 * SDK wrote); scope and trigger are lifted into columns so listing and visibility need no JSON
 * queries.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const FlowDefinition = defineEntity({
  name: 'FlowDefinition',
  properties: {
    id: p.string().primary(),
    title: p.string().nullable(),
    trigger: p.string(),
    scopeLevel: p.string(),
    scopeRef: p.string().nullable(),
    definition: p.json<Record<string, unknown>>(),
    savedBy: p.string(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type FlowDefinition = InferEntity<typeof FlowDefinition>;
