/**
 * Raw SQL for the hot paths (one statement per run step boundary, audit row or paused check instead of a
 * begin/update/insert/commit round of ORM query building). It borrows a connection from the
 * store's own pool, so it shares the ORM's schema, credentials and, on SQLite, its single
 * connection: while an ORM transaction holds that connection, these helpers wait for it, so
 * they are never called from inside one.
 * Statements are written once with `$n` placeholders; PostgreSQL prepares each on a connection
 * once (named statements), SQLite prepares it once per process.
 */
import { createHash } from 'node:crypto';
import { perStore } from './per-store.js';
import type { Store } from './types.js';
import { qualify } from './migrations/qualify.js';
import { withConnection } from './knex.js';

export interface PgClient {
  query(q: { name: string; text: string; values: unknown[] }): Promise<{ rowCount: number | null; rows: Record<string, unknown>[] }>;
}
/** A prepared SQLite statement taking the same positional values as its `$n` text. */
export interface SqliteStatement {
  run(values: unknown[]): { changes: number };
  all(values: unknown[]): Record<string, unknown>[];
}
interface NativeStatement {
  run(p: Record<string, unknown>): { changes: number };
  all(p: Record<string, unknown>): Record<string, unknown>[];
}
export interface SqliteDb {
  prepare(sql: string): NativeStatement;
  transaction<T>(fn: () => T): () => T;
}

export type PgRun = (text: string, values: unknown[]) => Promise<{ rowCount: number; rows: Record<string, unknown>[] }>;

export interface RawSql {
  readonly dialect: 'postgres' | 'sqlite';
  /** A table name qualified with the store's schema. */
  table(name: string): string;
  /** Values as each driver binds them: dates, JSON and booleans differ between the two. */
  date(d: Date | null): unknown;
  json(v: unknown): unknown;
  bool(b: boolean): unknown;
  /** PostgreSQL: runs one statement (its own transaction unless it is one of several in `text`). */
  pg(text: string, values: unknown[]): Promise<{ rowCount: number; rows: Record<string, unknown>[] }>;
  /** PostgreSQL: `fn`'s statements in one transaction on one connection (rolled back if it throws). */
  pgTransaction<T>(fn: (run: PgRun) => Promise<T>): Promise<T>;
  /** SQLite: `fn` runs synchronously on the one connection, so nothing interleaves with it. */
  sqlite<T>(fn: (prepare: (text: string) => SqliteStatement, db: SqliteDb) => T): Promise<T>;
  /** One statement whose text reads the same on both engines; its result rows. */
  rows(text: string, values: unknown[]): Promise<Record<string, unknown>[]>;
}

/** A JSON column as a driver hands it back: PostgreSQL parses jsonb, SQLite keeps the text. */
export function fromJson<T>(v: unknown): T {
  return (typeof v === 'string' ? JSON.parse(v) : v) as T;
}

export const rawSql: (store: Store) => RawSql = perStore(build);

function build(store: Store): RawSql {
  const schema = store.orm.config.get('schema') as string | undefined;
  const use = <T>(fn: (c: unknown) => Promise<T> | T): Promise<T> => withConnection(store.orm, fn);
  if (store.engine === 'postgres') {
    const names = new Map<string, string>();
    const nameOf = (text: string): string => {
      let n = names.get(text);
      if (!n) {
        n = `svc_run_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
        names.set(text, n);
      }
      return n;
    };
    const on =
      (c: unknown): PgRun =>
      async (text, values) => {
        const res = await (c as PgClient).query({ name: nameOf(text), text, values });
        return { rowCount: res.rowCount ?? 0, rows: res.rows };
      };
    const pg = (text: string, values: unknown[]) => use((c) => on(c)(text, values));
    const pgTransaction = <T>(fn: (run: PgRun) => Promise<T>): Promise<T> =>
      use(async (c) => {
        const run = on(c);
        await run('begin', []);
        try {
          const out = await fn(run);
          await run('commit', []);
          return out;
        } catch (err) {
          await run('rollback', []).catch(() => undefined);
          throw err;
        }
      });
    return {
      dialect: 'postgres',
      table: (name) => qualify(schema, name),
      date: (d) => d,
      json: (v) => (v === null || v === undefined ? null : JSON.stringify(v)),
      bool: (b) => b,
      pg,
      pgTransaction,
      sqlite: () => Promise.reject(new Error('rawSql.sqlite on a PostgreSQL store')),
      rows: async (text, values) => (await pg(text, values)).rows,
    };
  }
  // better-sqlite3 binds numbered placeholders only by name: `$3` becomes `@p3`.
  const statements = new WeakMap<SqliteDb, Map<string, SqliteStatement>>();
  const named = (values: unknown[]): Record<string, unknown> => Object.fromEntries(values.map((v, i) => [`p${i + 1}`, v]));
  const sqlite = <T>(fn: (prepare: (text: string) => SqliteStatement, db: SqliteDb) => T): Promise<T> =>
    use((c) => {
      const db = c as SqliteDb;
      let mine = statements.get(db);
      if (!mine) statements.set(db, (mine = new Map()));
      const prepare = (text: string): SqliteStatement => {
        let s = mine.get(text);
        if (!s) {
          const native = db.prepare(text.replace(/\$(\d+)/g, '@p$1'));
          s = { run: (v) => native.run(named(v)), all: (v) => native.all(named(v)) };
          mine.set(text, s);
        }
        return s;
      };
      return fn(prepare, db);
    });
  return {
    dialect: 'sqlite',
    table: (name) => qualify(undefined, name),
    date: (d) => (d === null ? null : d.getTime()),
    json: (v) => (v === null || v === undefined ? null : JSON.stringify(v)),
    bool: (b) => (b ? 1 : 0),
    pg: () => Promise.reject(new Error('rawSql.pg on a SQLite store')),
    pgTransaction: () => Promise.reject(new Error('rawSql.pgTransaction on a SQLite store')),
    sqlite,
    rows: (text, values) => sqlite((prep) => prep(text).all(values)),
  };
}
