/**
 * Crew heartbeats: the heartbeat records (one per crew) and the tick ledger. Additive only.
 * DDL as the schema generator emits it for the entities, tables qualified with the configured
 * schema at run time (see the Init migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261126010000Heartbeats extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('heartbeat')} ("crew_id" varchar(255) not null, "schedule" varchar(255) not null, "timezone" varchar(255) not null, "quiet_start" varchar(255) null, "quiet_end" varchar(255) null, "items" jsonb not null, "seat" varchar(255) not null, "model" varchar(255) null, "notify_on_ok" boolean not null, "stop_on_error" boolean not null, "enabled" boolean not null, "failures" int not null, "due_at" timestamptz null, "updated_by" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "heartbeat_pkey" primary key ("crew_id"));`,
    );
    this.addSql(
      `create table ${t('heartbeat_tick')} ("id" varchar(255) not null, "crew_id" varchar(255) not null, "kind" varchar(255) not null, "window" timestamptz not null, "status" varchar(255) not null, "items" jsonb not null, "runs" jsonb not null, "usage" jsonb null, "note" varchar(255) null, "worker" varchar(255) not null, "started_at" timestamptz not null, "finished_at" timestamptz null, constraint "heartbeat_tick_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "heartbeat_tick_crew_id_started_at_index" on ${t('heartbeat_tick')} ("crew_id", "started_at");`);
  }
  // No down(): migrations here are additive only.
}
