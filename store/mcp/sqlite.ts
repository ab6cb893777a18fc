/** The MCP repository on the embedded engine: a tool's catalog entry is the element of its JSON text with that name. */
import type { Store } from '../types.js';
import { callReads } from './calls.js';
import type { OrmMcp } from './orm.js';
import type { McpRepository } from './types.js';

export function sqliteMcp(store: Store, orm: OrmMcp): McpRepository {
  return {
    ...orm,
    ...callReads(store, (tools) => `(select t.value from json_each(${tools}) t where json_extract(t.value, '$.name') = $3 limit 1)`, '$3'),
  };
}
