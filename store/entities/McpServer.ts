/**
 * A runtime-attached MCP server, persisted so every worker sees it and a restart
 * restores it. Boot servers (SVC_MCP_SERVERS) are never stored here: the environment is their
 * source of truth. `owner` is the workspace scope ('' for the operator's); `key` is `owner/id`.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { McpServerConfig } from '../../schemas/mcp.js';

export const McpServer = defineEntity({
  name: 'McpServer',
  properties: {
    key: p.string().primary(),
    owner: p.string(),
    serverId: p.string(),
    config: p.json<McpServerConfig>(),
    attachedAt: p.datetime(),
    attachedBy: p.string(),
  },
});
export type McpServer = InferEntity<typeof McpServer>;
