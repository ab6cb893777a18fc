/** The waits repository of a store: one ORM implementation serves both engines. */
import type { Store } from '../types.js';
import { ormWaits } from './orm.js';
import type { WaitRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, WaitRepository>();

export function waitsOf(store: Store): WaitRepository {
  let r = repositories.get(store);
  if (!r) repositories.set(store, (r = ormWaits(store)));
  return r;
}
