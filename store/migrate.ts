/**
 * Runs pending PostgreSQL migrations at start. Several processes may start at once against one
 * schema, so the work is serialized by a transaction-scoped advisory lock held on its own
 * connection: `create schema if not exists` and the journal table creation race otherwise.
 * The migrations themselves run in one transaction (all or nothing) on another connection.
 *
 * The migrator looks for its journal by listing every table of the database and casting each
 * name to `regclass`; a table dropped in another schema between the listing and the cast fails
 * that one query ("relation ... does not exist"). That is someone else's DDL, not ours, so the
 * attempt is repeated a few times before the start gives up.
 */
import type { MikroORM } from '@mikro-orm/core';
import type { Migrator } from '@mikro-orm/migrations';
import { quoteIdent } from './migrations/qualify.js';

const ATTEMPTS = 5;

export function migrate(orm: MikroORM, schema: string | undefined): Promise<string[]> {
  return retryCatalogRace(() => migrateOnce(orm, schema));
}

/** Runs `work` again (a few times) when it failed only because a relation vanished under a catalog listing. */
export async function retryCatalogRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= ATTEMPTS || !droppedUnderneath(err)) throw err;
      await new Promise((r) => setTimeout(r, 20 * attempt));
    }
  }
}

function migrateOnce(orm: MikroORM, schema: string | undefined): Promise<string[]> {
  const conn = orm.em.getConnection();
  return conn.transactional(async (lockTrx) => {
    await conn.execute('select pg_advisory_xact_lock(hashtext(?))', [`svc.migrate:${schema ?? 'public'}`], 'all', lockTrx);
    if (schema) await conn.execute(`create schema if not exists ${quoteIdent(schema)}`);
    const done = await orm.getMigrator<Migrator>().up();
    return done.map((m) => m.name);
  });
}

/** undefined_table or invalid_schema_name, or the catalog lookup of a relation that vanished mid-query. */
function droppedUnderneath(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '42P01' || e?.code === '3F000' || /could not open relation with OID|cache lookup failed for relation/.test(e?.message ?? '');
}
