/**
 * The one module that reaches below MikroORM into knex (MikroORM 7 replaces knex: this file is
 * the change then): the query-builder EntityManager, and a connection borrowed from the ORM's
 * own pool.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
// Re-exported from @mikro-orm/knex by both drivers; imported from a declared dependency.
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Store } from './types.js';

export type { SqlEntityManager };

/** Both engines are knex-based, so every EntityManager the store hands out has the query builder
 * (conditional updates, group-by): typed here once instead of cast at each call site. */
export function sqlEm(store: Store): SqlEntityManager {
  return store.em() as SqlEntityManager;
}

interface Pool {
  acquireConnection(): Promise<unknown>;
  releaseConnection(c: unknown): Promise<void>;
}

function pool(orm: MikroORM): Pool {
  return (orm.em.getConnection() as unknown as AbstractSqlConnection).getKnex().client as Pool;
}

/** Runs `fn` on a connection of the ORM's pool (on SQLite its one connection, so it waits for a transaction that holds it). */
export async function withConnection<T>(orm: MikroORM, fn: (c: unknown) => Promise<T> | T): Promise<T> {
  const p = pool(orm);
  const c = await p.acquireConnection();
  try {
    return await fn(c);
  } finally {
    await p.releaseConnection(c);
  }
}

interface Tarn {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

/** The pool's connections now (for metrics); undefined when the driver keeps no pool object. */
export function poolUse(orm: MikroORM): { used: number; free: number; pending: number; max: number } | undefined {
  const tarn = (pool(orm) as unknown as { pool?: Tarn }).pool;
  if (tarn === undefined || typeof tarn.numUsed !== 'function') return undefined;
  return { used: tarn.numUsed(), free: tarn.numFree(), pending: tarn.numPendingAcquires(), max: tarn.max };
}
