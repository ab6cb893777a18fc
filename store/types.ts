/**
 * The store behind the whole product: MikroORM entities on PostgreSQL (DATABASE_URL) or on the
 * embedded engine (SQLite in memory). One code path; dialect-specific SQL stays in store helpers.
 */
import type { EntityManager, MikroORM } from '@mikro-orm/core';

export type Engine = 'sqlite' | 'postgres';

export interface StoreOptions {
  /** postgres:// URL; absent means the embedded engine. */
  databaseUrl?: string;
  /** Schema for this runtime's tables and migration journal (PostgreSQL only). */
  schema?: string;
  /** Log SQL at debug level when a logger is given. */
  log?: import('pino').Logger;
}

export interface Store {
  readonly engine: Engine;
  readonly orm: MikroORM;
  /** A fresh EntityManager fork (one per request or message). */
  em(): EntityManager;
  /** Round trip to the database; false when it does not answer. */
  ready(): Promise<boolean>;
  close(): Promise<void>;
}
