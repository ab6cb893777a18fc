/** The intent history repository of a store: one ORM implementation, the same on PostgreSQL and the embedded engine. */
import type { Store } from '../types.js';
import { ormChainIntents } from './orm.js';
import type { ChainIntentRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, ChainIntentRepository>();

export function chainIntentsOf(store: Store): ChainIntentRepository {
  let r = repositories.get(store);
  if (!r) {
    r = ormChainIntents(store);
    repositories.set(store, r);
  }
  return r;
}
