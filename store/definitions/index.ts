/** The definition repository of a store: the ORM for saves and lists, one prepared statement for the run start's read. */
import type { Store } from '../types.js';
import { loadStatement } from './load.js';
import { ormDefinitions } from './orm.js';
import type { DefinitionRepository } from './types.js';

export type * from './types.js';

const repositories = new WeakMap<Store, DefinitionRepository>();

export function definitionsOf(store: Store): DefinitionRepository {
  let r = repositories.get(store);
  if (!r) {
    r = { ...ormDefinitions(store), load: loadStatement(store) };
    repositories.set(store, r);
  }
  return r;
}
