/**
 * Opens the one store: PostgreSQL when a URL is given (schema created if missing, migrations run
 * at start, journal kept in that schema), otherwise SQLite in memory with the schema generated
 * from the same entities. Everything above this file sees only `Store`.
 */
import type { MikroORM, Options } from '@mikro-orm/core';
import type { Logger } from 'pino';
import { AppError } from '../schemas/errors.js';
import { entities } from './entities/index.js';
import { migrate } from './migrate.js';
import { listTablesFromCatalog } from './pg-catalog.js';
import type { Engine, Store, StoreOptions } from './types.js';

/** Options both engines share: the same entities, no global EntityManager, SQL to pino at debug. */
function commonOptions(log: Logger | undefined) {
  return {
    entities,
    allowGlobalContext: false,
    colors: false,
    debug: log?.isLevelEnabled('debug') ?? false,
    logger: (message: string) => log?.debug({ component: 'orm' }, message),
  } satisfies Options;
}

export async function openStore(opts: StoreOptions): Promise<Store> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openSqlite(opts);
}

async function openSqlite(opts: StoreOptions): Promise<Store> {
  const { MikroORM } = await import('@mikro-orm/better-sqlite');
  // Each connection to ':memory:' is its own database, so the driver keeps exactly one. Hence:
  // inside `em.transactional`, query only through the transaction's em; a query through another
  // fork waits for that one connection, i.e. until the transaction ends (PostgreSQL would not).
  const orm = await MikroORM.init({ ...commonOptions(opts.log), dbName: ':memory:' });
  await orm.schema.createSchema();
  return wrap('sqlite', orm);
}

async function openPostgres(url: string, opts: StoreOptions): Promise<Store> {
  const [{ MikroORM }, { Migrator }, { migrationsList }] = await Promise.all([
    import('@mikro-orm/postgresql'),
    import('@mikro-orm/migrations'),
    import('./migrations/index.js'),
  ]);
  let orm: MikroORM | undefined;
  try {
    orm = await MikroORM.init({
      ...commonOptions(opts.log),
      clientUrl: url,
      // A mistyped database name must fail, not create a new, empty database.
      ensureDatabase: false,
      // Entities without their own schema live here, and so does the migration journal.
      ...(opts.schema ? { schema: opts.schema } : {}),
      pool: { min: 0, max: 10 },
      // knex writes pool faults ("Connection Error: ...") as plain text on stdout unless given a
      // logger; the process logs JSON lines only.
      driverOptions: { connection: { connectionTimeoutMillis: 5_000 }, log: knexLog(opts.log) },
      extensions: [Migrator],
      migrations: {
        migrationsList,
        tableName: 'mikro_orm_migrations',
        transactional: true,
        allOrNothing: true,
        // `session_replication_role` needs a superuser; our migrations do not need it.
        disableForeignKeys: false,
        snapshot: false,
        silent: true,
      },
    });
    listTablesFromCatalog(orm);
    const applied = await migrate(orm, opts.schema);
    if (applied.length) opts.log?.info({ migrations: applied, schema: opts.schema ?? 'public' }, 'store migrated');
    return wrap('postgres', orm);
  } catch (err) {
    await orm?.close(true).catch(() => undefined);
    throw new AppError('store_unavailable', {
      message: `cannot open the PostgreSQL store at ${describeUrl(url)}: ${reason(err)}`,
      cause: err,
    });
  }
}

function knexLog(log: Logger | undefined) {
  const to = (level: 'warn' | 'error' | 'debug') => (message: unknown) => log?.[level]({ component: 'knex' }, String(message));
  return { warn: to('warn'), error: to('error'), deprecate: to('warn'), debug: to('debug') };
}

/** The server's words: knex prefixes a failed statement's message with the statement itself. */
function reason(err: unknown): string {
  const message = (err as Error)?.message ?? String(err);
  const sqlState = /^[0-9A-Z]{5}$/.test(String((err as { code?: unknown })?.code ?? ''));
  const at = message.lastIndexOf(' - ');
  return (sqlState && at >= 0 ? message.slice(at + 3) : message).split('\n')[0]!;
}

/** host:port/database, never the credentials. */
function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
  } catch {
    return '(unparsable DATABASE_URL)';
  }
}

function wrap(engine: Engine, orm: MikroORM): Store {
  return {
    engine,
    orm,
    em: () => orm.em.fork(),
    async ready() {
      try {
        await orm.em.getConnection().execute('select 1');
        return true;
      } catch {
        return false;
      }
    },
    close: () => orm.close(true),
  };
}
