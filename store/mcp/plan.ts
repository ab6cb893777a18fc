/**
 * Every write of the MCP aggregate as a plan (store/plan.ts), decided once for both engines
 * (pg.ts and sqlite.ts render and run it): which table, the row written whole (keyed by its
 * owner-scoped key, so one owner never overwrites another's) or the rows deleted, and whether the
 * caller is told that a row with that key was there before (checked in the same transaction).
 */
import { createHash } from 'node:crypto';
import type { McpServerConfig } from '../../schemas/mcp.js';
import type { Cond, Update, Upsert } from '../plan.js';
import type { CatalogTool, PinChange, PinRow, RuleRow } from './types.js';

export const serverKey = (owner: string, id: string): string => `${owner}/${id}`;
export const ruleKey = (owner: string, server: string, tool: string, level: string, ref: string): string =>
  createHash('sha256')
    .update(JSON.stringify([owner, server, tool, level, ref]))
    .digest('hex');

export const pinKey = (owner: string, server: string, tool: string): string =>
  createHash('sha256')
    .update(JSON.stringify([owner, server, tool]))
    .digest('hex');

export type McpTable = 'mcp_server' | 'mcp_catalog' | 'mcp_rule' | 'mcp_secret' | 'mcp_tool_pin';

export type McpPlan =
  | { table: McpTable; upsert: Upsert; /** Report whether the key was there before. */ existed: boolean }
  | { table: McpTable; delete: readonly Cond[]; returning: readonly string[] }
  | { table: McpTable; update: Update };

export const planPutServer = (owner: string, config: McpServerConfig, by: string, now: Date): McpPlan => ({
  table: 'mcp_server',
  upsert: {
    row: { key: serverKey(owner, config.id), owner, server_id: config.id, config, attached_at: now, attached_by: by },
    key: ['key'],
  },
  existed: true,
});

export const planDeleteServer = (owner: string, id: string): McpPlan => ({
  table: 'mcp_server',
  delete: [{ col: 'key', eq: serverKey(owner, id) }],
  returning: ['key'],
});

export const planPutCatalog = (owner: string, id: string, tools: CatalogTool[], now: Date): McpPlan => ({
  table: 'mcp_catalog',
  upsert: { row: { key: serverKey(owner, id), owner, server_id: id, tools, refreshed_at: now }, key: ['key'] },
  existed: false,
});

export const planUpsertRule = (r: RuleRow, by: string, now: Date): McpPlan => ({
  table: 'mcp_rule',
  upsert: {
    row: {
      key: ruleKey(r.owner, r.server, r.tool, r.level, r.ref),
      owner: r.owner,
      server: r.server,
      tool: r.tool,
      level: r.level,
      ref: r.ref,
      enabled: r.enabled,
      effect: r.effect ?? null,
      mode: r.mode ?? null,
      updated_at: now,
      updated_by: by,
    },
    key: ['key'],
  },
  existed: false,
});

export const planDeleteRule = (owner: string, server: string, tool: string, level: string, ref: string): McpPlan => ({
  table: 'mcp_rule',
  delete: [{ col: 'key', eq: ruleKey(owner, server, tool, level, ref) }],
  returning: ['key'],
});

/** The columns of a rule as a deleted row returns them. */
export const RULE_COLUMNS = ['owner', 'server', 'tool', 'level', 'ref', 'enabled', 'effect', 'mode'] as const;

/** Discovery never admits anything: the allow rules of tools seen for the first time are dropped (returned). */
export const planRevokeAllows = (owner: string, server: string, tools: readonly string[]): McpPlan => ({
  table: 'mcp_rule',
  delete: [
    { col: 'owner', eq: owner },
    { col: 'server', eq: server },
    { col: 'tool', in: tools },
    { col: 'enabled', eq: true },
  ],
  returning: RULE_COLUMNS,
});

export const planPutSecret = (owner: string, ref: string, sealed: string, last4: string, now: Date): McpPlan => ({
  table: 'mcp_secret',
  upsert: { row: { key: serverKey(owner, ref), owner, ref, sealed, last4, updated_at: now }, key: ['key'] },
  existed: true,
});

export const planDeleteSecret = (owner: string, ref: string): McpPlan => ({
  table: 'mcp_secret',
  delete: [{ col: 'key', eq: serverKey(owner, ref) }],
  returning: ['last4'],
});

/** A pin's columns as the table names them. */
const PIN_COLUMNS: Record<keyof PinChange, string> = {
  approvedHash: 'approved_hash',
  approvedDefinition: 'approved_definition',
  approvedAt: 'approved_at',
  approvedBy: 'approved_by',
  seenHash: 'seen_hash',
  seenDefinition: 'seen_definition',
  seenAt: 'seen_at',
  drifted: 'drifted',
  driftedAt: 'drifted_at',
};

function pinColumns(change: PinChange): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(change)) if (v !== undefined) out[PIN_COLUMNS[k as keyof PinChange]] = v;
  return out;
}

export const planPutPin = ({ owner, server, tool, ...columns }: PinRow): McpPlan => ({
  table: 'mcp_tool_pin',
  upsert: { row: { key: pinKey(owner, server, tool), owner, server, tool, ...pinColumns(columns) }, key: ['key'] },
  existed: false,
});

export const planUpdatePin = (
  owner: string,
  server: string,
  tool: string,
  expect: { approvedHash: string; seenHash: string },
  change: PinChange,
): McpPlan => ({
  table: 'mcp_tool_pin',
  update: {
    where: [
      { col: 'key', eq: pinKey(owner, server, tool) },
      { col: 'approved_hash', eq: expect.approvedHash },
      { col: 'seen_hash', eq: expect.seenHash },
    ],
    set: pinColumns(change),
  },
});
