/** The trigger repository on the ORM, the same on both engines. */
import { FlowDefinition } from '../entities/FlowDefinition.js';
import { WebhookDelivery } from '../entities/WebhookDelivery.js';
import { WebhookTrigger } from '../entities/WebhookTrigger.js';
import type { Store } from '../types.js';
import type { TriggerRepository } from './types.js';

export function ormTriggers(store: Store): TriggerRepository {
  return {
    async get(id) {
      return (await store.em().findOne(WebhookTrigger, { id })) ?? undefined;
    },

    async exists(id) {
      return (await store.em().count(WebhookTrigger, { id })) > 0;
    },

    async referenced(by) {
      const where = {
        ...(by.flowId === undefined ? {} : { flowId: by.flowId }),
        ...(by.principal === undefined ? {} : { principal: by.principal }),
      };
      return (await store.em().count(WebhookTrigger, where)) > 0;
    },

    list: (principal) =>
      store.em().find(WebhookTrigger, principal === undefined ? {} : { principal }, { orderBy: { createdAt: 'desc', id: 'asc' } }),

    async flow(flowId) {
      const row = await store.em().findOne(FlowDefinition, { id: flowId }, { fields: ['trigger', 'scopeLevel', 'scopeRef', 'definition'] });
      return row
        ? { trigger: row.trigger, scopeLevel: row.scopeLevel, scopeRef: row.scopeRef ?? null, definition: row.definition }
        : undefined;
    },

    async insert(row) {
      await store.em().insert(WebhookTrigger, row);
    },

    async rotate(id, version, sealedSecret, now) {
      const n = await store
        .em()
        .nativeUpdate(WebhookTrigger, { id, secretVersion: version - 1 }, { sealedSecret, secretVersion: version, updatedAt: now });
      return n === 1;
    },

    async setEnabled(id, enabled, now) {
      return (await store.em().nativeUpdate(WebhookTrigger, { id }, { enabled, updatedAt: now })) === 1;
    },

    // Together, so no log outlives its trigger; a worker may still log an accepted delivery of a
    // trigger just deleted, and the retention sweep clears such rows (store/deliveries/ `prune`).
    delete: (id) =>
      store.em().transactional(async (em) => {
        const n = await em.nativeDelete(WebhookTrigger, { id });
        await em.nativeDelete(WebhookDelivery, { triggerId: id });
        return n > 0;
      }),
  };
}
