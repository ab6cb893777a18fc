/** The audit repository of a store: PostgreSQL's or the embedded engine's statements, on the shared ORM part. */
import { perStore } from '../per-store.js';
import { ormAudit } from './orm.js';
import { pgAudit } from './pg.js';
import { sqliteAudit } from './sqlite.js';
import type { AuditRepository } from './types.js';

export type * from './types.js';
export { outboxCtes } from './pg.js';
export { insertAuditSqlite } from './sqlite.js';

export const auditOf = perStore((store): AuditRepository =>
  store.engine === 'postgres' ? pgAudit(store, ormAudit(store)) : sqliteAudit(store, ormAudit(store)),
);
