/**
 * The MCP repository's writes, the same on both engines: each method makes its plan (plan.ts) and
 * hands it to the engine's `run` (pg.ts, sqlite.ts), which renders it and reports whether the key
 * was there before and the rows a delete returned.
 */
import type { McpPlan } from './plan.js';
import * as plans from './plan.js';
import type { Effect, Mode } from '../../schemas/mcp.js';
import type { Level, McpRepository, RuleRow } from './types.js';

export interface Applied {
  existed: boolean;
  rows: Record<string, unknown>[];
  /** Rows an update changed. */
  changed?: number;
}

export type McpWrites = Pick<
  McpRepository,
  | 'putRuntimeServer'
  | 'deleteRuntimeServer'
  | 'putCatalog'
  | 'upsertRule'
  | 'deleteRule'
  | 'revokeAllows'
  | 'putPin'
  | 'updatePin'
  | 'putSecret'
  | 'deleteSecret'
>;

/** A rule row as a statement returns it (SQLite's booleans are 0/1). */
export const ruleOf = (r: Record<string, unknown>): RuleRow => ({
  owner: r.owner as string,
  server: r.server as string,
  tool: r.tool as string,
  level: r.level as Level,
  ref: r.ref as string,
  enabled: r.enabled === true || r.enabled === 1,
  effect: (r.effect ?? undefined) as Effect | undefined,
  mode: (r.mode ?? undefined) as Mode | undefined,
});

export function mcpWrites(run: (plan: McpPlan) => Promise<Applied>): McpWrites {
  return {
    putRuntimeServer: async (owner, config, by) => (await run(plans.planPutServer(owner, config, by, new Date()))).existed,
    deleteRuntimeServer: async (owner, id) => (await run(plans.planDeleteServer(owner, id))).rows.length > 0,
    putCatalog: async (owner, id, tools) => void (await run(plans.planPutCatalog(owner, id, tools, new Date()))),
    upsertRule: async (r, by) => void (await run(plans.planUpsertRule(r, by, new Date()))),
    deleteRule: async (owner, server, tool, level, ref) =>
      (await run(plans.planDeleteRule(owner, server, tool, level, ref))).rows.length > 0,
    revokeAllows: async (owner, server, tools) =>
      tools.length === 0 ? [] : (await run(plans.planRevokeAllows(owner, server, tools))).rows.map(ruleOf),
    putPin: async (pin) => void (await run(plans.planPutPin(pin))),
    updatePin: async (owner, server, tool, expect, change) =>
      ((await run(plans.planUpdatePin(owner, server, tool, expect, change))).changed ?? 0) > 0,
    putSecret: async (owner, ref, sealed, last4) => (await run(plans.planPutSecret(owner, ref, sealed, last4, new Date()))).existed,
    async deleteSecret(owner, ref) {
      const row = (await run(plans.planDeleteSecret(owner, ref))).rows[0];
      return row ? { last4: row.last4 as string } : undefined;
    },
  };
}
