/**
 * The run start's read of a saved flow, one prepared statement with the same text on both engines
 * (store/raw.ts) rather than an ORM `findOne`: every run start by id reads it, and the ORM read
 * was ~15% of a worker's CPU when it drained webhook runs (measured again on 2026-11-25, per read:
 * PostgreSQL 0.14 ms CPU vs 0.62 for `findOne`, SQLite 0.03 vs 0.49). Never called inside an ORM
 * transaction (on SQLite it would wait for the one connection).
 */
import { fromJson, rawSql } from '../raw.js';
import type { Store } from '../types.js';
import type { DefinitionRepository } from './types.js';

export function loadStatement(store: Store): DefinitionRepository['load'] {
  const sql = rawSql(store);
  const text = `select "definition", "scope_level", "scope_ref" from ${sql.table('flow_definition')} where "id" = $1`;
  return async (id) => {
    const [r] = await sql.rows(text, [id]);
    if (!r) return undefined;
    return {
      definition: fromJson<Record<string, unknown>>(r.definition),
      scopeLevel: r.scope_level as string,
      scopeRef: (r.scope_ref as string | null) ?? null,
    };
  };
}
