/**
 * The run repository of a store: every write planned once (plan.ts) and rendered on PostgreSQL
 * as batched statements (pg.ts) or on the embedded engine as synchronous transactions
 * (sqlite.ts); the reads on the ORM (orm.ts).
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
