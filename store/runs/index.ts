/**
 * The run repository of a store: on PostgreSQL its batched statements (pg.ts), on the embedded
 * engine its synchronous transactions (sqlite.ts), each on the ORM path (orm.ts) for the rest.
 */
import type { Store } from '../types.js';
import { ormRuns } from './orm.js';
import { pgRuns } from './pg.js';
import { sqliteRuns } from './sqlite.js';
import type { RunRepository } from './types.js';

export type * from './types.js';
export { newRunRow } from './rows.js';

const repositories = new WeakMap<Store, RunRepository>();

export function runsOf(store: Store): RunRepository {
  let r = repositories.get(store);
  if (!r) {
    const orm = ormRuns(store);
    r = store.engine === 'postgres' ? pgRuns(store, orm) : sqliteRuns(store, orm);
    repositories.set(store, r);
  }
  return r;
}
