/** The audit repository of a store: PostgreSQL's or the embedded engine's statements, on the shared ORM part. */
import type { Store } from '../types.js';
import { ormAudit } from './orm.js';
import { pgAudit } from './pg.js';
import { sqliteAudit } from './sqlite.js';
import type { AuditRepository } from './types.js';

export type * from './types.js';
export { outboxCtes } from './pg.js';
export { insertAuditSqlite } from './sqlite.js';

const repositories = new WeakMap<Store, AuditRepository>();

export function auditOf(store: Store): AuditRepository {
  let r = repositories.get(store);
  if (!r) {
    r = store.engine === 'postgres' ? pgAudit(store, ormAudit(store)) : sqliteAudit(store, ormAudit(store));
    repositories.set(store, r);
  }
  return r;
}
