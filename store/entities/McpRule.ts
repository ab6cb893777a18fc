/**
 * One tool rule at one scope, in the rule namespace of the server's owner ('' for boot and
 * operator servers). `level` is workspace, crew or agent (`ref` '' at workspace). The key is a
 * digest of (owner, server, tool, level, ref) so long tool names and refs fit one primary key.
 * Rules outlive a detach: a re-attach under the same id meets them again.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const McpRule = defineEntity({
  name: 'McpRule',
  properties: {
    key: p.string().primary(),
    owner: p.string().index(),
    server: p.string(),
    tool: p.string(),
    level: p.string(),
    ref: p.string(),
    enabled: p.boolean(),
    effect: p.string().nullable(),
    mode: p.string().nullable(),
    updatedAt: p.datetime(),
    updatedBy: p.string(),
  },
});
export type McpRule = InferEntity<typeof McpRule>;
