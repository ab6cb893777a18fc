/** The heartbeat repository of a store: one ORM implementation, the same on PostgreSQL and the embedded engine. */
import type { Store } from '../types.js';
import { ormHeartbeats } from './orm.js';
import type { HeartbeatRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, HeartbeatRepository>();

export function heartbeatsOf(store: Store): HeartbeatRepository {
  let r = repositories.get(store);
  if (!r) {
    r = ormHeartbeats(store);
    repositories.set(store, r);
  }
  return r;
}
