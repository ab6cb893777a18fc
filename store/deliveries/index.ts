/** The delivery repository of a store: PostgreSQL's statements (pg.ts) over the ORM path (orm.ts), or the ORM path alone on the embedded engine. */
import type { Store } from '../types.js';
import { ormDeliveries } from './orm.js';
import { pgDeliveries } from './pg.js';
import type { DeliveryRepository } from './types.js';

export type * from './types.js';
export { ledgerKey, RETENTION } from './types.js';

const repositories = new WeakMap<Store, DeliveryRepository>();

export function deliveriesOf(store: Store): DeliveryRepository {
  let r = repositories.get(store);
  if (!r) {
    r = store.engine === 'postgres' ? pgDeliveries(store, ormDeliveries(store)) : ormDeliveries(store);
    repositories.set(store, r);
  }
  return r;
}
