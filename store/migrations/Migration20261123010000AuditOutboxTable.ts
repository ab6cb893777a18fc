/**
 * The outbox moves out of `audit_event` into a table of its own (store/entities/AuditOutbox.ts):
 * rows still unpublished become outbox rows, then the `published` flag and its index go. A flag
 * update could not be HOT while the flag was indexed, so each event cost a new version of its
 * whole audit row; an outbox row is one bigint, deleted once its event is stored.
 */
import { Migration } from '@mikro-orm/migrations';
import { qualify } from './qualify.js';

export class Migration20261123010000AuditOutboxTable extends Migration {
  override up(): void {
    const schema = this.config.get('schema');
    const [outbox, audit] = [qualify(schema, 'audit_outbox'), qualify(schema, 'audit_event')];
    this.addSql(`create table ${outbox} ("id" bigint not null, constraint "audit_outbox_pkey" primary key ("id"));`);
    this.addSql(`insert into ${outbox} ("id") select "id" from ${audit} where "published" = false;`);
    this.addSql(`drop index ${qualify(schema, 'audit_event_published_index')};`);
    this.addSql(`alter table ${audit} drop column "published";`);
  }
  // No down(): the flag it replaces is gone with its values.
}
