/**
 * The delivery repository of a store: the delivery path's statements on PostgreSQL (pg.ts) or on
 * the embedded engine (sqlite.ts), each over the ORM path (orm.ts) for listing and retention.
 */
import { perStore } from '../per-store.js';
import { ormDeliveries } from './orm.js';
import { pgDeliveries } from './pg.js';
import { sqliteDeliveries } from './sqlite.js';
import type { DeliveryRepository } from './types.js';

export type * from './types.js';
export { ledgerKey, RETENTION } from './types.js';

export const deliveriesOf = perStore((store): DeliveryRepository => {
  const orm = ormDeliveries(store);
  return store.engine === 'postgres' ? pgDeliveries(store, orm) : sqliteDeliveries(store, orm);
});
