/** The session-key repository of a store: one ORM implementation, the same on PostgreSQL and the
 * embedded engine, but for the sends, which are prepared statements on both. */
import type { Store } from '../types.js';
import { ormChainSessions } from './orm.js';
import { rawSends } from './sends.js';
import type { ChainSessionRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, ChainSessionRepository>();

export function chainSessionsOf(store: Store): ChainSessionRepository {
  let r = repositories.get(store);
  if (!r) {
    r = { ...ormChainSessions(store), ...rawSends(store) };
    repositories.set(store, r);
  }
  return r;
}
