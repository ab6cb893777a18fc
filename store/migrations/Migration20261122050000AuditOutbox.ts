/**
 * The audit table becomes the outbox of the event feed: a `published` flag per row. Existing
 * rows default to published (they were sent best-effort before); new rows are written false.
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261122050000AuditOutbox extends Migration {
  override up(): void {
    const t = qualify(this.config.get('schema'), 'audit_event');
    this.addSql(`alter table ${t} add column "published" boolean not null default true;`);
    this.addSql(`create index "audit_event_published_index" on ${t} ("published");`);
  }
  // No down(): migrations here are additive only.
}
