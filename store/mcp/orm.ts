/** The MCP repository's part on the ORM, the same on both engines: everything but a call's reads (calls.ts). */
import { createHash } from 'node:crypto';
import { McpCatalog } from '../entities/McpCatalog.js';
import { McpRule } from '../entities/McpRule.js';
import { McpSecret } from '../entities/McpSecret.js';
import { McpServer } from '../entities/McpServer.js';
import type { Effect, Mode } from '../../schemas/mcp.js';
import type { Store } from '../types.js';
import type { Level, McpRepository, RuleRow } from './types.js';

export const serverKey = (owner: string, id: string): string => `${owner}/${id}`;
const ruleKey = (owner: string, server: string, tool: string, level: string, ref: string) =>
  createHash('sha256')
    .update(JSON.stringify([owner, server, tool, level, ref]))
    .digest('hex');

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

export type OrmMcp = Omit<McpRepository, 'visibleRuntimeServer' | 'callRules'>;

export function ormMcp(store: Store): OrmMcp {
  return {
    async runtimeServers() {
      const rows = await store.em().find(McpServer, {}, { orderBy: { key: 'asc' } });
      return rows.map((r) => ({ owner: r.owner, config: r.config }));
    },

    async putRuntimeServer(owner, config, by) {
      const em = store.em();
      const existed = (await em.count(McpServer, { key: serverKey(owner, config.id) })) > 0;
      await em.upsert(McpServer, {
        key: serverKey(owner, config.id),
        owner,
        serverId: config.id,
        config,
        attachedAt: new Date(),
        attachedBy: by,
      });
      return existed;
    },

    async deleteRuntimeServer(owner, id) {
      return (await store.em().nativeDelete(McpServer, { key: serverKey(owner, id) })) > 0;
    },

    async catalog(owner, id) {
      const row = await store.em().findOne(McpCatalog, { key: serverKey(owner, id) });
      return row ? { tools: row.tools, refreshedAt: row.refreshedAt } : undefined;
    },

    async putCatalog(owner, id, tools) {
      await store.em().upsert(McpCatalog, { key: serverKey(owner, id), owner, serverId: id, tools, refreshedAt: new Date() });
    },

    async rules(owner, server) {
      const rows = await store.em().find(McpRule, server === undefined ? { owner } : { owner, server });
      return rows.map(toRule);
    },

    async upsertRule(r, by) {
      await store.em().upsert(McpRule, {
        key: ruleKey(r.owner, r.server, r.tool, r.level, r.ref),
        owner: r.owner,
        server: r.server,
        tool: r.tool,
        level: r.level,
        ref: r.ref,
        enabled: r.enabled,
        effect: r.effect ?? null,
        mode: r.mode ?? null,
        updatedAt: new Date(),
        updatedBy: by,
      });
    },

    async deleteRule(owner, server, tool, level, ref) {
      return (await store.em().nativeDelete(McpRule, { key: ruleKey(owner, server, tool, level, ref) })) > 0;
    },

    async revokeAllows(owner, server, tools) {
      if (tools.length === 0) return [];
      const em = store.em();
      const rows = await em.find(McpRule, { owner, server, tool: { $in: tools }, enabled: true });
      if (rows.length) await em.nativeDelete(McpRule, { key: { $in: rows.map((r) => r.key) } });
      return rows.map(toRule);
    },

    async secrets(owner) {
      const rows = await store.em().find(McpSecret, { owner }, { orderBy: { ref: 'asc' } });
      return rows.map((r) => ({ ref: r.ref, last4: r.last4, updatedAt: r.updatedAt }));
    },

    async sealedSecret(owner, ref) {
      return (await store.em().findOne(McpSecret, { key: serverKey(owner, ref) }))?.sealed;
    },

    async putSecret(owner, ref, sealed, last4) {
      const em = store.em();
      const existed = (await em.count(McpSecret, { key: serverKey(owner, ref) })) > 0;
      await em.upsert(McpSecret, { key: serverKey(owner, ref), owner, ref, sealed, last4, updatedAt: new Date() });
      return existed;
    },

    async deleteSecret(owner, ref) {
      const em = store.em();
      const row = await em.findOne(McpSecret, { key: serverKey(owner, ref) });
      if (!row) return undefined;
      await em.nativeDelete(McpSecret, { key: row.key });
      return { last4: row.last4 };
    },
  };
}
