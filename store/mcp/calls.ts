/**
 * What a call reads, one prepared statement each (store/raw.ts): the server it names and the
 * rules that decide its tool. The engines differ only in how a catalog's JSON is asked for the
 * entry of a tool (pg.ts, sqlite.ts hand in that expression, with the tool name as `$3`).
 */
import { fromJson, rawSql } from '../raw.js';
import type { McpServerConfig } from '../../schemas/mcp.js';
import type { Store } from '../types.js';
import { pinKey, serverKey } from './plan.js';
import { ruleOf } from './writes.js';
import type { CatalogTool, McpRepository } from './types.js';

export function callReads(
  store: Store,
  /** The catalog's entry (`{name, description?, inputSchema?}`) for the tool, or null. */
  entry: (catalog: string) => string,
  toolParam: string,
  /** The tool's pin key (`$5`), as the engine binds a text parameter. */
  pinParam: string,
): Pick<McpRepository, 'visibleRuntimeServer' | 'callRules'> {
  const sql = rawSql(store);
  const servers = `select "owner", "config" from ${sql.table('mcp_server')} where "key" in ($1, $2)`;
  const rules =
    `select ${entry('c."tools"')} as "entry", p."drifted" as "pin_drifted", r."tool", r."level", r."ref", r."enabled", r."effect", r."mode" from ${sql.table('mcp_catalog')} c` +
    ` left join ${sql.table('mcp_tool_pin')} p on p."key" = ${pinParam}` +
    ` left join ${sql.table('mcp_rule')} r on r."owner" = $1 and r."server" = $2 and r."tool" in (${toolParam}, '*') where c."key" = $4`;
  return {
    async visibleRuntimeServer(owner, id) {
      const rows = await sql.rows(servers, [serverKey(owner, id), serverKey('', id)]);
      const row = rows.find((r) => r.owner === owner) ?? rows.find((r) => r.owner === '');
      if (!row) return undefined;
      return { owner: row.owner as string, config: fromJson<McpServerConfig>(row.config) };
    },

    async callRules(owner, server, tool) {
      const rows = await sql.rows(rules, [owner, server, tool, serverKey(owner, server), pinKey(owner, server, tool)]);
      const entry = rows.length > 0 && rows[0]!.entry != null ? fromJson<CatalogTool>(rows[0]!.entry) : undefined;
      const decide = rows.filter((r) => r.tool !== null && r.tool !== undefined).map((r) => ruleOf({ ...r, owner, server }));
      // SQLite's booleans are 0/1; no pin (a tool discovered before pins existed) has not drifted.
      const drifted = rows.length > 0 && (rows[0]!.pin_drifted === true || rows[0]!.pin_drifted === 1);
      return { found: entry !== undefined, inputSchema: entry?.inputSchema, rules: decide, drifted };
    },
  };
}
