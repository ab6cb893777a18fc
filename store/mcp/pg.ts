/** The MCP repository on PostgreSQL: a tool's catalog entry is the element of the jsonb array with its name. */
import type { Store } from '../types.js';
import { callReads } from './calls.js';
import type { OrmMcp } from './orm.js';
import type { McpRepository } from './types.js';

export function pgMcp(store: Store, orm: OrmMcp): McpRepository {
  return {
    ...orm,
    ...callReads(
      store,
      (tools) => `(select e from jsonb_array_elements(${tools}) as t(e) where e->>'name' = $3::text limit 1)`,
      '$3::text',
    ),
  };
}
