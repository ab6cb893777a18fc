/**
 * The MCP repository on PostgreSQL: a tool's catalog entry is the element of the jsonb array with
 * its name; a write's plan (plan.ts) runs as its statement, with the check whether its key was
 * there before in the same transaction.
 */
import { renderDelete, renderExists, renderUpdate, renderUpsert } from '../plan.js';
import { rawSql } from '../raw.js';
import type { Store } from '../types.js';
import { callReads } from './calls.js';
import type { OrmMcp } from './orm.js';
import type { McpPlan } from './plan.js';
import type { McpRepository } from './types.js';
import { mcpWrites, type Applied } from './writes.js';

export function pgMcp(store: Store, orm: OrmMcp): McpRepository {
  const sql = rawSql(store);
  const run = async (plan: McpPlan): Promise<Applied> => {
    const table = sql.table(plan.table);
    if ('delete' in plan) {
      const d = renderDelete(table, plan.delete, sql, plan.returning);
      return { existed: false, rows: (await sql.pg(d.text, d.values)).rows };
    }
    if ('update' in plan) {
      const u = renderUpdate(table, plan.update, sql);
      return { existed: false, rows: [], changed: (await sql.pg(u.text, u.values)).rowCount };
    }
    const u = renderUpsert(table, plan.upsert, sql);
    if (!plan.existed) return { existed: false, rows: (await sql.pg(u.text, u.values)).rows };
    const was = renderExists(table, [{ col: 'key', eq: plan.upsert.row.key }], sql);
    return sql.pgTransaction(async (q) => {
      const existed = (await q(`${was.text} for update`, was.values)).rows.length > 0;
      await q(u.text, u.values);
      return { existed, rows: [] };
    });
  };
  return {
    ...orm,
    ...mcpWrites(run),
    ...callReads(
      store,
      (tools) => `(select e from jsonb_array_elements(${tools}) as t(e) where e->>'name' = $3::text limit 1)`,
      '$3::text',
      '$5::text',
    ),
  };
}
