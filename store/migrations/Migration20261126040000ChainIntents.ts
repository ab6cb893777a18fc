/**
 * The intent history (`/intents/history`), one row per resolution sent through svc.
 * Additive only. DDL as the schema generator emits it for the entity, tables qualified with the
 * configured schema at run time (see the Init migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261126040000ChainIntents extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('chain_intent')} ("id" varchar(255) not null, "asset" varchar(255) not null, "intent_id" varchar(255) not null, "outcome" varchar(255) not null, "approved" boolean not null, "approver" varchar(255) not null, "authorized_by" varchar(255) not null, "awaiting" varchar(255) null, "tx_hash" varchar(255) not null, "at" timestamptz not null, constraint "chain_intent_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "chain_intent_at_index" on ${t('chain_intent')} ("at");`);
    this.addSql(`create index "chain_intent_asset_intent_id_index" on ${t('chain_intent')} ("asset", "intent_id");`);
  }
  // No down(): migrations here are additive only.
}
