/**
 * The delivery log's commit cursor: `logged_tx`, the writing transaction's id, so a gateway can
 * read the accepted rows committed since a snapshot (store/deliveries/pg.ts `ledgerLog`). Added
 * without a default first, so the rows already there are not rewritten (they stay null: a
 * gateway's full load reads them, only its incremental reads need the column), then given its
 * default. Additive only; tables qualified with the configured schema at run time (see the Init
 * migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261128020000DeliveryLoggedTx extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(`alter table ${t('webhook_delivery')} add column "logged_tx" bigint null;`);
    this.addSql(`alter table ${t('webhook_delivery')} alter column "logged_tx" set default (pg_current_xact_id()::text)::bigint;`);
    this.addSql(`create index "webhook_delivery_logged_tx_index" on ${t('webhook_delivery')} ("logged_tx");`);
  }
  // No down(): migrations here are additive only.
}
