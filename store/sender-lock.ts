/**
 * A lock per chain sender shared by every process on one PostgreSQL database: a transaction-scoped
 * advisory lock taken on a connection of the store's pool and held while `fn` runs (the nonce
 * read, signing and broadcast of one transaction), released by the commit, or by the database
 * when the connection dies with its holder. Advisory locks are database-wide, so processes on
 * different schemas of one database also wait for each other (harmless: they share no sender
 * unless they share a key). SQLite has no second process to wait for: there is no lock.
 */
import { rawSql } from './raw.js';
import type { Store } from './types.js';

export type SenderLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

/** A held lock keeps one pooled connection busy while its holder works on others: at most this
 * many are held at once per process, so the pool (10) always keeps connections for that work. */
const MAX_HELD = 4;

export function senderLock(store: Store): SenderLock | undefined {
  if (store.engine !== 'postgres') return undefined;
  const sql = rawSql(store);
  let held = 0;
  const waiting: (() => void)[] = [];
  const slot = async (): Promise<void> => {
    if (held < MAX_HELD) {
      held++;
      return;
    }
    await new Promise<void>((resolve) => waiting.push(resolve));
  };
  const free = (): void => {
    const next = waiting.shift();
    if (next) next();
    else held--;
  };
  return async (key, fn) => {
    await slot();
    try {
      return await sql.pgTransaction(async (run) => {
        await run('select pg_advisory_xact_lock(hashtext($1), hashtext($2))', ['svc.chain-sender', key]);
        return fn();
      });
    } finally {
      free();
    }
  };
}
