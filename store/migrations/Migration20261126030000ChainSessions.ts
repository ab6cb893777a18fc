/**
 * The session keys this orchestrator issued (sealed key, issued/revoked record) and the
 * chain transactions steps signed under their attempts. Additive only. DDL as the schema
 * generator emits it for the entities, tables qualified with the configured schema at run time.
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261126030000ChainSessions extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('chain_session')} ("id" varchar(255) not null, "registry" varchar(255) not null, "session_id" varchar(255) not null, "agent" varchar(255) not null, "key_address" varchar(255) not null, "max_value" varchar(255) not null, "mask" int not null, "pins" text not null, "expires_at" timestamptz not null, "sealed_key" text null, "issued_by" varchar(255) not null, "issued_tx" varchar(255) not null, "issued_at" timestamptz not null, "revoked_at" timestamptz null, "revoked_by" varchar(255) null, "revoked_tx" varchar(255) null, constraint "chain_session_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "chain_session_agent_max_value_mask_index" on ${t('chain_session')} ("agent", "max_value", "mask");`);
    this.addSql(
      `create table ${t('chain_send')} ("attempt" varchar(255) not null, "tx_hash" varchar(255) not null, "raw_tx" text not null, "sender" varchar(255) not null, "session_id" varchar(255) null, "created_at" timestamptz not null, constraint "chain_send_pkey" primary key ("attempt"));`,
    );
  }
  // No down(): migrations here are additive only.
}
