/** The MCP repository on the embedded engine: a catalog lists a tool when an element of its JSON text has that name. */
import type { Store } from '../types.js';
import { callReads } from './calls.js';
import type { OrmMcp } from './orm.js';
import type { McpRepository } from './types.js';

export function sqliteMcp(store: Store, orm: OrmMcp): McpRepository {
  return {
    ...orm,
    ...callReads(store, (tools) => `exists (select 1 from json_each(${tools}) t where json_extract(t.value, '$.name') = $3)`, '$3'),
  };
}
