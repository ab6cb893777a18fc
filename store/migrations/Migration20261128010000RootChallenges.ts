/**
 * Pending root challenges, shared by every gateway replica. Additive only. DDL as the schema
 * generator emits it for the entity, tables qualified with the configured schema at run time
 * (see the Init migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261128010000RootChallenges extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('root_challenge')} ("id" varchar(255) not null, "action" varchar(255) not null, "subject" varchar(255) not null, "asset" varchar(255) null, "created_at" timestamptz not null, "expires_at" timestamptz not null, constraint "root_challenge_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "root_challenge_created_at_index" on ${t('root_challenge')} ("created_at");`);
  }
  // No down(): migrations here are additive only.
}
