/**
 * Rate-limit counts shared by gateway replicas (store/rate-windows.ts), one row per key and
 * window. Additive only. DDL as the schema generator emits it for the entity, tables qualified
 * with the configured schema at run time (see the Init migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261128010000RateWindows extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('rate_window')} ("key" varchar(255) not null, "window_start" bigint not null, "count" int not null, constraint "rate_window_pkey" primary key ("key", "window_start"));`,
    );
  }
  // No down(): migrations here are additive only.
}
