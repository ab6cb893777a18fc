/**
 * Waits released by events (the `wait` step): `flow_wait` (a parked wait with its key and
 * deadline) and `wait_event` (a releaser trigger's event, kept until it releases a wait or
 * expires), and the trigger's `release` setting. Additive only.
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261125020000Waits extends Migration {
  override up(): void {
    const schema = this.config.get('schema');
    const t = (table: string) => qualify(schema, table);
    this.addSql(
      `create table ${t('flow_wait')} ("id" varchar(255) not null, "run_id" varchar(255) not null, "step_id" varchar(255) not null, "flow_id" varchar(255) not null, "principal" varchar(255) not null, "key" varchar(255) null, "status" varchar(255) not null, "deadline_at" timestamptz null, "event_id" varchar(255) null, "trace_id" varchar(255) null, "created_at" timestamptz not null, "ended_at" timestamptz null, constraint "flow_wait_pkey" primary key ("id"));`,
    );
    this.addSql(
      `create index "flow_wait_flow_id_principal_key_status_index" on ${t('flow_wait')} ("flow_id", "principal", "key", "status");`,
    );
    this.addSql(`create index "flow_wait_status_deadline_at_index" on ${t('flow_wait')} ("status", "deadline_at");`);
    this.addSql(`alter table ${t('flow_wait')} add constraint "flow_wait_event_id_unique" unique ("event_id");`);
    this.addSql(
      `create table ${t('wait_event')} ("id" varchar(255) not null, "trigger_id" varchar(255) not null, "delivery_key" varchar(255) not null, "flow_id" varchar(255) not null, "principal" varchar(255) not null, "key" varchar(255) not null, "input" text not null, "received_at" timestamptz not null, "expires_at" timestamptz not null, "wait_id" varchar(255) null, constraint "wait_event_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "wait_event_expires_at_index" on ${t('wait_event')} ("expires_at");`);
    this.addSql(
      `create index "wait_event_flow_id_principal_key_expires_at_index" on ${t('wait_event')} ("flow_id", "principal", "key", "expires_at");`,
    );
    this.addSql(`alter table ${t('wait_event')} add constraint "wait_event_wait_id_unique" unique ("wait_id");`);
    this.addSql(`alter table ${t('webhook_trigger')} add column "release" jsonb null;`);
  }
  // No down(): migrations here are additive only.
}
