/**
 * Flows: saved definitions, runs (with their lease and the one-child-per-step key), the
 * checkpoint trail and attempt records. DDL as the schema generator emits it for the entities,
 * table names qualified with the configured schema at run time (see qualify.ts).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261122010000Flows extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('flow_definition')} ("id" varchar(255) not null, "title" varchar(255) null, "trigger" varchar(255) not null, "scope_level" varchar(255) not null, "scope_ref" varchar(255) null, "definition" jsonb not null, "saved_by" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "flow_definition_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create table ${t('flow_run')} ("id" varchar(255) not null, "flow_id" varchar(255) not null, "flow" jsonb not null, "principal" varchar(255) not null, "input" text null, "trigger" varchar(255) not null, "status" varchar(255) not null, "waiting_reason" varchar(255) null, "waiting_step_id" varchar(255) null, "waiting_token" varchar(255) null, "cursor" varchar(255) null, "seq" int not null, "outputs" jsonb not null, "trace" jsonb not null, "stack" jsonb not null, "parent_run_id" varchar(255) null, "parent_step_id" varchar(255) null, "parent_key" varchar(255) null, "error_code" varchar(255) null, "error_message" text null, "lease_holder" varchar(255) null, "lease_expires_at" timestamptz null, "pause_requested" boolean not null, "resume_signal" jsonb null, "pending_signal" jsonb null, "trace_id" varchar(255) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, "ended_at" timestamptz null, constraint "flow_run_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "flow_run_flow_id_index" on ${t('flow_run')} ("flow_id");`);
    this.addSql(`create index "flow_run_principal_index" on ${t('flow_run')} ("principal");`);
    this.addSql(`create index "flow_run_status_index" on ${t('flow_run')} ("status");`);
    this.addSql(`create index "flow_run_parent_run_id_index" on ${t('flow_run')} ("parent_run_id");`);
    this.addSql(`alter table ${t('flow_run')} add constraint "flow_run_parent_key_unique" unique ("parent_key");`);
    this.addSql(`create index "flow_run_lease_expires_at_index" on ${t('flow_run')} ("lease_expires_at");`);
    this.addSql(`create index "flow_run_created_at_index" on ${t('flow_run')} ("created_at");`);
    this.addSql(
      `create table ${t('flow_checkpoint')} ("id" bigserial primary key, "run_id" varchar(255) not null, "seq" int not null, "step_id" varchar(255) null, "cursor" varchar(255) null, "outputs" jsonb not null, "principal" varchar(255) not null, "input" text null, "at" timestamptz not null);`,
    );
    this.addSql(`alter table ${t('flow_checkpoint')} add constraint "flow_checkpoint_run_id_seq_unique" unique ("run_id", "seq");`);
    this.addSql(
      `create table ${t('flow_attempt')} ("key" varchar(255) not null, "run_id" varchar(255) not null, "step_id" varchar(255) not null, "worker" varchar(255) not null, "opened_at" timestamptz not null, "closed_at" timestamptz null, "outcome" varchar(255) null, constraint "flow_attempt_pkey" primary key ("key"));`,
    );
    this.addSql(`create index "flow_attempt_run_id_index" on ${t('flow_attempt')} ("run_id");`);
  }
  // No down(): migrations here are additive only.
}
