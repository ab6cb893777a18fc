/**
 * First PostgreSQL migration: the audit trail and once-per-window claims. The DDL is what the
 * schema generator emits for the entities (`getCreateSchemaSQL`), with the table names qualified
 * by the configured schema at run time instead of a schema baked in when it was generated.
 * SQLite never runs migrations (its in-memory schema is created from the entities).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20250601000000Init extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('audit_event')} ("id" bigserial primary key, "type" varchar(255) not null, "at" timestamptz not null, "trace_id" varchar(255) null, "data" jsonb not null);`,
    );
    this.addSql(`create index "audit_event_type_index" on ${t('audit_event')} ("type");`);
    this.addSql(`create index "audit_event_at_index" on ${t('audit_event')} ("at");`);
    this.addSql(
      `create table ${t('claim')} ("key" varchar(255) not null, "holder" varchar(255) not null, "claimed_at" timestamptz not null, "expires_at" timestamptz null, constraint "claim_pkey" primary key ("key"));`,
    );
  }
  // No down(): migrations here are additive only, and the base class refuses to revert.
}
