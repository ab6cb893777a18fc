/** The MCP repository on PostgreSQL: a catalog lists a tool when its jsonb array contains `{name}`. */
import type { Store } from '../types.js';
import { callReads } from './calls.js';
import type { OrmMcp } from './orm.js';
import type { McpRepository } from './types.js';

export function pgMcp(store: Store, orm: OrmMcp): McpRepository {
  return { ...orm, ...callReads(store, (tools) => `${tools} @> jsonb_build_array(jsonb_build_object('name', $3::text))`, '$3::text') };
}
