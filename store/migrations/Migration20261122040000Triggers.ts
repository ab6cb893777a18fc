/**
 * Triggers: webhook trigger records, the delivery log (unique trigger id + delivery
 * key: redelivery is a no-op across replicas) and the shared paused-agent record. DDL as the
 * schema generator emits it for the entities, tables qualified with the configured schema at
 * run time (see the Init migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261122040000Triggers extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('paused_agent')} ("seat" varchar(255) not null, "reason" varchar(255) null, "paused_by" varchar(255) not null, "paused_at" timestamptz not null, constraint "paused_agent_pkey" primary key ("seat"));`,
    );
    this.addSql(
      `create table ${t('webhook_delivery')} ("id" varchar(255) not null, "trigger_id" varchar(255) not null, "delivery_key" varchar(255) not null, "status" varchar(255) not null, "reason" varchar(255) null, "bytes" int not null, "run_id" varchar(255) null, "event_type" varchar(255) null, "sent" boolean not null, "at" timestamptz not null, constraint "webhook_delivery_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_delivery_trigger_id_at_index" on ${t('webhook_delivery')} ("trigger_id", "at");`);
    this.addSql(
      `alter table ${t('webhook_delivery')} add constraint "webhook_delivery_trigger_id_delivery_key_unique" unique ("trigger_id", "delivery_key");`,
    );
    this.addSql(
      `create table ${t('webhook_trigger')} ("id" varchar(255) not null, "flow_id" varchar(255) not null, "principal" varchar(255) not null, "scheme" varchar(255) not null, "events" jsonb not null, "input" jsonb null, "config" jsonb null, "sealed_secret" text null, "secret_version" int not null, "enabled" boolean not null, "created_by" varchar(255) not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "webhook_trigger_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "webhook_trigger_flow_id_index" on ${t('webhook_trigger')} ("flow_id");`);
  }
  // No down(): migrations here are additive only.
}
