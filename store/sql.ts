/**
 * Both engines (PostgreSQL and better-sqlite) are knex-based, so every EntityManager the store
 * hands out is a SqlEntityManager. Helpers that need the query builder (conditional updates,
 * group-by) get it here, in one typed place, instead of casting at each call site.
 */
// Re-exported from @mikro-orm/knex by both drivers; imported from a declared dependency.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Store } from './types.js';

export function sqlEm(store: Store): SqlEntityManager {
  return store.em() as SqlEntityManager;
}
