/**
 * The delivery repository of a store: the delivery path's statements on PostgreSQL (pg.ts) or on
 * the embedded engine (sqlite.ts), each over the ORM path (orm.ts) for listing and retention.
 */
import type { Store } from '../types.js';
import { ormDeliveries } from './orm.js';
import { pgDeliveries } from './pg.js';
import { sqliteDeliveries } from './sqlite.js';
import type { DeliveryRepository } from './types.js';

export type * from './types.js';
export { ledgerKey, RETENTION } from './types.js';

const repositories = new WeakMap<Store, DeliveryRepository>();

export function deliveriesOf(store: Store): DeliveryRepository {
  let r = repositories.get(store);
  if (!r) {
    const orm = ormDeliveries(store);
    r = store.engine === 'postgres' ? pgDeliveries(store, orm) : sqliteDeliveries(store, orm);
    repositories.set(store, r);
  }
  return r;
}
