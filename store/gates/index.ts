/** The gate repository of a store: the ORM path on both engines (orm.ts says why). */
import type { Store } from '../types.js';
import { ormGates } from './orm.js';
import type { GateRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, GateRepository>();

export function gatesOf(store: Store): GateRepository {
  let r = repositories.get(store);
  if (!r) {
    r = ormGates(store);
    repositories.set(store, r);
  }
  return r;
}
