/** The delivery log's listing and retention on the ORM, for both engines (off the delivery path). */
import { WebhookDelivery } from '../entities/WebhookDelivery.js';
import { WebhookTrigger } from '../entities/WebhookTrigger.js';
import type { Store } from '../types.js';
import { pruneDeliveries } from './prune.js';
import type { DeliveryRepository } from './types.js';

export type OrmDeliveries = Pick<DeliveryRepository, 'list' | 'prune'>;

export function ormDeliveries(store: Store): OrmDeliveries {
  return {
    async list(scope, limit) {
      const em = store.em();
      let ids: string[] | undefined;
      if (scope.triggerId !== undefined) ids = [scope.triggerId];
      else if (scope.principal !== undefined)
        ids = (await em.find(WebhookTrigger, { principal: scope.principal }, { fields: ['id'] })).map((r) => r.id);
      return em.find(WebhookDelivery, ids === undefined ? {} : { triggerId: { $in: ids } }, { orderBy: { at: 'desc', id: 'asc' }, limit });
    },

    prune: (now) => pruneDeliveries(store, now),
  };
}
