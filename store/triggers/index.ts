/** The trigger repository of a store (one ORM implementation for both engines: orm.ts). */
import type { Store } from '../types.js';
import { ormTriggers } from './orm.js';
import type { TriggerRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, TriggerRepository>();

export function triggersOf(store: Store): TriggerRepository {
  let r = repositories.get(store);
  if (!r) {
    r = ormTriggers(store);
    repositories.set(store, r);
  }
  return r;
}
