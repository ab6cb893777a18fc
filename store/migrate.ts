/**
 * Runs pending PostgreSQL migrations at start. Several processes may start at once against one
 * schema, so the work is serialized by a transaction-scoped advisory lock held on its own
 * connection: `create schema if not exists` and the journal table creation race otherwise.
 * The migrations themselves run in one transaction (all or nothing) on another connection.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { Migrator } from '@mikro-orm/migrations';
import { quoteIdent } from './migrations/qualify.js';

export async function migrate(orm: MikroORM, schema: string | undefined): Promise<string[]> {
  const conn = orm.em.getConnection();
  return conn.transactional(async (lockTrx) => {
    await conn.execute('select pg_advisory_xact_lock(hashtext(?))', [`svc.migrate:${schema ?? 'public'}`], 'all', lockTrx);
    if (schema) await conn.execute(`create schema if not exists ${quoteIdent(schema)}`);
    const done = await orm.getMigrator<Migrator>().up();
    return done.map((m) => m.name);
  });
}

/** How many migrations the store's journal lists (PostgreSQL; the embedded store has none). */
export async function appliedMigrations(store: import('./types.js').Store): Promise<number> {
  if (store.engine !== 'postgres') return 0;
  const { rawSql } = await import('./raw.js');
  const sql = rawSql(store);
  const rows = await sql.rows(`select count(*) as n from ${sql.table('mikro_orm_migrations')}`, []);
  return Number(rows[0]?.n ?? 0);
}
