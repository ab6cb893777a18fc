/**
 * Inference budgets and their counters, one row per crew or seat. Additive only. DDL as the
 * schema generator emits it for the entity, tables qualified with the configured schema at run
 * time (see the Init migration).
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261128010000InferenceBudgets extends Migration {
  override up(): void {
    const t = (table: string) => qualify(this.config.get('schema'), table);
    this.addSql(
      `create table ${t('inference_budget')} ("crew" varchar(255) not null, "limit_micro_dollars" double precision not null, "enforcement" varchar(255) not null, "spent_micro_dollars" double precision not null, "reserved_micro_dollars" double precision not null, "estimate_micro_dollars" double precision not null, "calls" int not null, "unpriced_calls" int not null, "refused_calls" int not null, "warned_at" timestamptz null, "updated_by" varchar(255) not null, "updated_at" timestamptz not null, "reset_at" timestamptz null, constraint "inference_budget_pkey" primary key ("crew"));`,
    );
  }
  // No down(): migrations here are additive only.
}
