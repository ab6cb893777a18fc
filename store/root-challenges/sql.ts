/**
 * Root challenges in SQL that reads the same on both engines: an ORM insert, and a
 * `DELETE ... RETURNING` to consume, which PostgreSQL and SQLite both run as one atomic statement.
 */
import { RootChallenge } from '../entities/RootChallenge.js';
import { rawSql } from '../raw.js';
import type { Store } from '../types.js';
import type { RootChallengeRepository } from './types.js';

/** A timestamp as either driver hands it back: a Date (PostgreSQL), epoch milliseconds (SQLite) or text. */
function dateOf(v: unknown): Date {
  if (v instanceof Date) return v;
  if (typeof v === 'number' || typeof v === 'bigint' || (typeof v === 'string' && /^\d+$/.test(v))) return new Date(Number(v));
  return new Date(String(v));
}

export function sqlRootChallenges(store: Store): RootChallengeRepository {
  const sql = rawSql(store);
  const table = sql.table('root_challenge');
  const consume = `delete from ${table} where "id" = $1 returning "id", "action", "subject", "asset", "created_at", "expires_at"`;
  // `returning` on the plain deletes too: one statement text runs on both engines through `rows`.
  const dropExpired = `delete from ${table} where "expires_at" < $1 returning "id"`;
  const dropOldest = `delete from ${table} where "created_at" < (select "created_at" from ${table} order by "created_at" desc limit 1 offset $1) returning "id"`;
  return {
    async issue(row, keep) {
      await store.em().insert(RootChallenge, { ...row });
      await sql.rows(dropExpired, [sql.date(row.createdAt)]);
      await sql.rows(dropOldest, [keep - 1]);
    },
    async consume(id) {
      const [r] = await sql.rows(consume, [id]);
      if (r === undefined) return undefined;
      return {
        id: String(r.id),
        action: String(r.action),
        subject: String(r.subject),
        asset: r.asset === null || r.asset === undefined ? null : String(r.asset),
        createdAt: dateOf(r.created_at),
        expiresAt: dateOf(r.expires_at),
      };
    },
  };
}
