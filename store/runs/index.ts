/**
 * The run repository of a store: on PostgreSQL its batched statements (pg.ts), on the embedded
 * engine its synchronous transactions (sqlite.ts), each on the ORM path (orm.ts) for the rest.
 */
import { perStore } from '../per-store.js';
import { ormRuns } from './orm.js';
import { pgRuns } from './pg.js';
import { sqliteRuns } from './sqlite.js';
import type { RunRepository } from './types.js';

export type * from './types.js';
export { newRunRow } from './rows.js';

export const runsOf = perStore((store): RunRepository => {
  const orm = ormRuns(store);
  return store.engine === 'postgres' ? pgRuns(store, orm) : sqliteRuns(store, orm);
});
