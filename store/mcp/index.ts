/** The MCP repository of a store: PostgreSQL's or the embedded engine's call reads, on the shared ORM part. */
import { perStore } from '../per-store.js';
import { ormMcp } from './orm.js';
import { pgMcp } from './pg.js';
import { sqliteMcp } from './sqlite.js';
import type { McpRepository } from './types.js';

export type * from './types.js';

export const mcpOf = perStore((store): McpRepository =>
  store.engine === 'postgres' ? pgMcp(store, ormMcp(store)) : sqliteMcp(store, ormMcp(store)),
);
