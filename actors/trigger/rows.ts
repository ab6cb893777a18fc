/**
 * The delivery path's two store operations, each as a group commit (group.ts): trigger lookups
 * and delivery-row inserts of concurrent deliveries share round trips and commits. One instance
 * per store, made where the hooks route is built.
 */
import { insertDeliveries, triggersForDelivery, type DeliveryRow, type TriggerRow } from '../../store/webhooks.js';
import type { Store } from '../../store/types.js';
import { groupCommit } from '../../runtime/group-commit.js';

export interface DeliveryRows {
  lookup(triggerId: string): Promise<TriggerRow | undefined>;
  /** False when (trigger id, delivery key) is already there. */
  insert(row: DeliveryRow): Promise<boolean>;
}

export function deliveryRows(store: Store): DeliveryRows {
  return {
    lookup: groupCommit(async (ids: string[]) => {
      const found = await triggersForDelivery(store, ids);
      return ids.map((id) => found.get(id));
    }),
    insert: groupCommit(async (rows: DeliveryRow[]) => {
      const inserted = await insertDeliveries(store, rows);
      return rows.map((r) => inserted.has(r.id));
    }),
  };
}
