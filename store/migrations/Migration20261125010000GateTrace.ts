/**
 * A gate question keeps the trace id of the run that asked it, so its answer, its expiry and the
 * run's resume carry the run's trace rather than the answering request's. Nullable: questions
 * asked before this fall back to the trace of whatever touches them.
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261125010000GateTrace extends Migration {
  override up(): void {
    this.addSql(`alter table ${qualify(this.config.get('schema'), 'gate_question')} add column "trace_id" varchar(255) null;`);
  }
  // No down(): migrations here are additive only.
}
