/** The MCP repository's reads on the ORM, the same on both engines, besides a call's reads (calls.ts). It writes nothing: writes are plans (plan.ts, writes.ts). */
import { serverKey } from './plan.js';
import { McpCatalog } from '../entities/McpCatalog.js';
import { McpRule } from '../entities/McpRule.js';
import { McpSecret } from '../entities/McpSecret.js';
import { McpServer } from '../entities/McpServer.js';
import { McpToolPin } from '../entities/McpToolPin.js';
import type { Effect, Mode } from '../../schemas/mcp.js';
import type { Store } from '../types.js';
import type { Level, McpRepository, RuleRow } from './types.js';

function toRule(r: McpRule): RuleRow {
  return {
    owner: r.owner,
    server: r.server,
    tool: r.tool,
    level: r.level as Level,
    ref: r.ref,
    enabled: r.enabled,
    effect: (r.effect ?? undefined) as Effect | undefined,
    mode: (r.mode ?? undefined) as Mode | undefined,
  };
}

export type OrmMcp = Pick<McpRepository, 'runtimeServers' | 'catalog' | 'rules' | 'pins' | 'secrets' | 'sealedSecret'>;

export function ormMcp(store: Store): OrmMcp {
  return {
    async runtimeServers() {
      const rows = await store.em().find(McpServer, {}, { orderBy: { key: 'asc' } });
      return rows.map((r) => ({ owner: r.owner, config: r.config }));
    },

    async catalog(owner, id) {
      const row = await store.em().findOne(McpCatalog, { key: serverKey(owner, id) });
      return row ? { tools: row.tools, refreshedAt: row.refreshedAt } : undefined;
    },

    async rules(owner, server) {
      const rows = await store.em().find(McpRule, server === undefined ? { owner } : { owner, server });
      return rows.map(toRule);
    },

    async pins(owner, server) {
      const rows = await store.em().find(McpToolPin, { owner, server }, { orderBy: { tool: 'asc' } });
      return rows.map((r) => ({
        owner: r.owner,
        server: r.server,
        tool: r.tool,
        approvedHash: r.approvedHash,
        approvedDefinition: r.approvedDefinition,
        approvedAt: r.approvedAt,
        approvedBy: r.approvedBy,
        seenHash: r.seenHash,
        seenDefinition: r.seenDefinition,
        seenAt: r.seenAt,
        drifted: r.drifted,
        driftedAt: r.driftedAt ?? null,
      }));
    },

    async secrets(owner) {
      const rows = await store.em().find(McpSecret, { owner }, { orderBy: { ref: 'asc' } });
      return rows.map((r) => ({ ref: r.ref, last4: r.last4, updatedAt: r.updatedAt }));
    },

    async sealedSecret(owner, ref) {
      return (await store.em().findOne(McpSecret, { key: serverKey(owner, ref) }))?.sealed;
    },
  };
}
