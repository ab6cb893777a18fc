/**
 * Pinned tool definitions of attached MCP servers: per tool, the approved definition and its
 * hash beside the one last seen, and whether it drifted. Additive only. DDL as the schema
 * generator emits it for the entity, tables qualified with the configured schema at run time (see
 * the Init migration). Tools discovered before this table existed get their pin at the next
 * discovery (boot, refresh or sweep).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261128010000McpToolPins extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('mcp_tool_pin')} ("key" varchar(255) not null, "owner" varchar(255) not null, "server" varchar(255) not null, "tool" varchar(255) not null, "approved_hash" varchar(255) not null, "approved_definition" jsonb not null, "approved_at" timestamptz not null, "approved_by" varchar(255) not null, "seen_hash" varchar(255) not null, "seen_definition" jsonb not null, "seen_at" timestamptz not null, "drifted" boolean not null, "drifted_at" timestamptz null, constraint "mcp_tool_pin_pkey" primary key ("key"));`,
    );
    this.addSql(`create index "mcp_tool_pin_owner_index" on ${t('mcp_tool_pin')} ("owner");`);
  }
  // No down(): migrations here are additive only.
}
