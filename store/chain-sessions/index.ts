/** The session-key repository of a store: one ORM implementation, the same on PostgreSQL and the embedded engine. */
import type { Store } from '../types.js';
import { ormChainSessions } from './orm.js';
import type { ChainSessionRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, ChainSessionRepository>();

export function chainSessionsOf(store: Store): ChainSessionRepository {
  let r = repositories.get(store);
  if (!r) {
    r = ormChainSessions(store);
    repositories.set(store, r);
  }
  return r;
}
