/**
 * The MCP repository on the embedded engine: a tool's catalog entry is the element of its JSON
 * text with that name; a write's plan (plan.ts) runs as one synchronous transaction with the
 * check whether its key was there before.
 */
import { renderDelete, renderExists, renderUpdate, renderUpsert } from '../plan.js';
import { rawSql } from '../raw.js';
import type { Store } from '../types.js';
import { callReads } from './calls.js';
import type { OrmMcp } from './orm.js';
import type { McpPlan } from './plan.js';
import type { McpRepository } from './types.js';
import { mcpWrites, type Applied } from './writes.js';

export function sqliteMcp(store: Store, orm: OrmMcp): McpRepository {
  const sql = rawSql(store);
  const run = (plan: McpPlan): Promise<Applied> =>
    sql.sqlite((prep, db) =>
      db.transaction((): Applied => {
        const table = sql.table(plan.table);
        if ('delete' in plan) {
          const d = renderDelete(table, plan.delete, sql, plan.returning);
          return { existed: false, rows: prep(d.text).all(d.values) };
        }
        if ('update' in plan) {
          const u = renderUpdate(table, plan.update, sql);
          return { existed: false, rows: [], changed: prep(u.text).run(u.values).changes };
        }
        let existed = false;
        if (plan.existed) {
          const was = renderExists(table, [{ col: 'key', eq: plan.upsert.row.key }], sql);
          existed = prep(was.text).all(was.values).length > 0;
        }
        const u = renderUpsert(table, plan.upsert, sql);
        prep(u.text).run(u.values);
        return { existed, rows: [] };
      })(),
    );
  return {
    ...orm,
    ...mcpWrites(run),
    ...callReads(
      store,
      (tools) => `(select t.value from json_each(${tools}) t where json_extract(t.value, '$.name') = $3 limit 1)`,
      '$3',
      '$5',
    ),
  };
}
