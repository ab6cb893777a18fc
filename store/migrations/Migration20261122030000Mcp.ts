/**
 * Attached MCP servers: runtime-attached servers, the last discovered catalog of each
 * server, tool rules and sealed secrets. DDL as the schema generator emits it for the entities,
 * tables qualified with the configured schema at run time (see the Init migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261122030000Mcp extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('mcp_catalog')} ("key" varchar(255) not null, "owner" varchar(255) not null, "server_id" varchar(255) not null, "tools" jsonb not null, "refreshed_at" timestamptz not null, constraint "mcp_catalog_pkey" primary key ("key"));`,
    );
    this.addSql(
      `create table ${t('mcp_rule')} ("key" varchar(255) not null, "owner" varchar(255) not null, "server" varchar(255) not null, "tool" varchar(255) not null, "level" varchar(255) not null, "ref" varchar(255) not null, "enabled" boolean not null, "effect" varchar(255) null, "mode" varchar(255) null, "updated_at" timestamptz not null, "updated_by" varchar(255) not null, constraint "mcp_rule_pkey" primary key ("key"));`,
    );
    this.addSql(`create index "mcp_rule_owner_index" on ${t('mcp_rule')} ("owner");`);
    this.addSql(
      `create table ${t('mcp_secret')} ("key" varchar(255) not null, "owner" varchar(255) not null, "ref" varchar(255) not null, "sealed" text not null, "last4" varchar(255) not null, "updated_at" timestamptz not null, constraint "mcp_secret_pkey" primary key ("key"));`,
    );
    this.addSql(
      `create table ${t('mcp_server')} ("key" varchar(255) not null, "owner" varchar(255) not null, "server_id" varchar(255) not null, "config" jsonb not null, "attached_at" timestamptz not null, "attached_by" varchar(255) not null, constraint "mcp_server_pkey" primary key ("key"));`,
    );
  }
  // No down(): migrations here are additive only.
}
