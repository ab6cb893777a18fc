/**
 * Opens the store under test on each engine, so one contract file runs the same cases against
 * SQLite in memory and PostgreSQL. A PostgreSQL store gets a fresh schema (`t_<random>`) that is
 * dropped with its tables and journal when the test ends; PostgreSQL absent means a skip with the
 * reason (a failure in CI, see services.ts).
 */
import type { Test } from 'tap';
import pg from 'pg';
import { openStore } from '../../store/index.js';
import type { Engine, Store } from '../../store/index.js';
import { skipUnless, TEST_DATABASE_URL, uniqueName } from './services.js';

export interface EngineUnderTest {
  readonly engine: Engine;
  /** Why this engine cannot run here, or undefined when it can. */
  skip(): Promise<string | undefined>;
  /** A store on a fresh database (a new in-memory one, or a new schema), closed and dropped at teardown. */
  open(t: Test): Promise<Store>;
}

export const engines: EngineUnderTest[] = [
  {
    engine: 'sqlite',
    skip: async () => undefined,
    async open(t) {
      const store = await openStore({});
      t.teardown(() => store.close());
      return store;
    },
  },
  {
    engine: 'postgres',
    skip: () => skipUnless('postgres'),
    async open(t) {
      const schema = freshSchema(t);
      const store = await openStore({ databaseUrl: TEST_DATABASE_URL, schema });
      t.teardown(() => store.close());
      return store;
    },
  },
];

/** A schema name no other test uses, dropped (cascade) when `t` ends, after its stores close. */
export function freshSchema(t: Test): string {
  const schema = uniqueName('t_');
  // tap runs teardowns last-in first-out: registered before the store's close, this runs after it.
  t.teardown(() => pgQuery(`drop schema if exists "${schema}" cascade`));
  return schema;
}

/** One query on a short-lived connection of its own, outside any store under test. */
export async function pgQuery<R extends Record<string, unknown> = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
): Promise<R[]> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<R>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
