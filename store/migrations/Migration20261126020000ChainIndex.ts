/**
 * The treasury indexer: a follower's block cursor per stream and the
 * chain logs it has recorded, keyed (txHash, logIndex) so each log's events happen once. Additive
 * only. DDL as the schema generator emits it for the entities, tables qualified with the
 * configured schema at run time (see the Init migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261126020000ChainIndex extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('chain_cursor')} ("stream" varchar(255) not null, "block" bigint not null, "updated_at" timestamptz not null, constraint "chain_cursor_pkey" primary key ("stream"));`,
    );
    this.addSql(
      `create table ${t('chain_log')} ("tx_hash" varchar(255) not null, "log_index" int not null, "block" bigint not null, "kind" varchar(255) not null, "recorded_at" timestamptz not null, constraint "chain_log_pkey" primary key ("tx_hash", "log_index"));`,
    );
  }
  // No down(): migrations here are additive only.
}
