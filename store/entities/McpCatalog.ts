/**
 * The tools a server published at its last discovery (boot or runtime server), keyed `owner/id`.
 * Discovery diffs against this row to report what appeared and vanished; a tool's presence here
 * never admits it (rules do).
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export interface CatalogTool {
  name: string;
  description?: string;
  inputSchema?: unknown;
}

export const McpCatalog = defineEntity({
  name: 'McpCatalog',
  properties: {
    key: p.string().primary(),
    owner: p.string(),
    serverId: p.string(),
    tools: p.json<CatalogTool[]>(),
    refreshedAt: p.datetime(),
  },
});
export type McpCatalog = InferEntity<typeof McpCatalog>;
