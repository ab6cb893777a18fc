/** The MCP repository of a store: PostgreSQL's or the embedded engine's call reads, on the shared ORM part. */
import type { Store } from '../types.js';
import { ormMcp } from './orm.js';
import { pgMcp } from './pg.js';
import { sqliteMcp } from './sqlite.js';
import type { McpRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, McpRepository>();

export function mcpOf(store: Store): McpRepository {
  let r = repositories.get(store);
  if (!r) {
    r = store.engine === 'postgres' ? pgMcp(store, ormMcp(store)) : sqliteMcp(store, ormMcp(store));
    repositories.set(store, r);
  }
  return r;
}
