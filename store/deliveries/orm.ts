/**
 * The delivery repository on the ORM: what the embedded engine runs (SQLite in memory, in
 * process, where a round trip costs next to nothing), and the listing and retention of both
 * engines. Each multi-row write is one `em.transactional` that queries only through its own em
 * (on SQLite another fork would wait for the one connection the transaction holds).
 */
import { AuditEvent } from '../entities/AuditEvent.js';
import { AuditOutbox } from '../entities/AuditOutbox.js';
import { FlowDefinition } from '../entities/FlowDefinition.js';
import { PausedAgent } from '../entities/PausedAgent.js';
import { WebhookDelivery } from '../entities/WebhookDelivery.js';
import { WebhookTrigger } from '../entities/WebhookTrigger.js';
import { sqlEm } from '../knex.js';
import { columnsOf } from '../metadata.js';
import type { Store } from '../types.js';
import type { TriggerRecord } from '../triggers/types.js';
import { pruneDeliveries } from './prune.js';
import { ledgerKey, type DeliveryRepository, type TriggerRow } from './types.js';

export function ormDeliveries(store: Store): DeliveryRepository {
  const triggerProps = columnsOf(store, WebhookTrigger).map((c) => c.prop);
  // The record's own fields, not the managed entity the ORM hands back.
  const record = (row: TriggerRecord): TriggerRecord =>
    Object.fromEntries(triggerProps.map((p) => [p, row[p as keyof TriggerRecord]])) as TriggerRecord;

  return {
    async triggers(ids) {
      const em = store.em();
      const rows = await em.find(WebhookTrigger, { id: { $in: [...new Set(ids)] } });
      if (!rows.length) return new Map();
      const [flows, paused] = await Promise.all([
        em.find(
          FlowDefinition,
          { id: { $in: [...new Set(rows.map((r) => r.flowId))] } },
          { fields: ['trigger', 'scopeLevel', 'scopeRef'] },
        ),
        em.find(PausedAgent, { seat: { $in: [...new Set(rows.map((r) => r.principal))] } }, { fields: ['seat'] }),
      ]);
      const flowOf = new Map(flows.map((f) => [f.id, { trigger: f.trigger, scopeLevel: f.scopeLevel, scopeRef: f.scopeRef ?? null }]));
      const pausedSeats = new Set(paused.map((p) => p.seat));
      return new Map(
        rows.map((r): [string, TriggerRow] => [r.id, { ...record(r), paused: pausedSeats.has(r.principal), flow: flowOf.get(r.flowId) }]),
      );
    },

    async acceptedAt(keys) {
      if (!keys.length) return new Map();
      const rows = await store
        .em()
        .find(
          WebhookDelivery,
          { status: 'accepted', $or: keys.map((k) => ({ triggerId: k.triggerId, deliveryKey: k.deliveryKey })) },
          { fields: ['triggerId', 'deliveryKey', 'at'] },
        );
      return new Map(rows.map((r) => [ledgerKey(r.triggerId, r.deliveryKey), new Date(r.at)]));
    },

    insert: (rows, published = []) =>
      sqlEm(store).transactional(async (em) => {
        if (published.length) await em.nativeDelete(AuditOutbox, { id: { $in: [...published] } });
        const inserted = new Map<string, string | null>();
        for (const { audit, ...row } of rows) {
          // The unique (trigger id, delivery key) decides, as on PostgreSQL: a conflict inserts nothing.
          const res = await em
            .createQueryBuilder(WebhookDelivery)
            .insert(row)
            .onConflict(['triggerId', 'deliveryKey'])
            .ignore()
            .execute('run');
          if (res.affectedRows !== 1) continue;
          let auditId: string | null = null;
          if (audit) {
            auditId = String(
              await em.insert(AuditEvent, { type: 'WebhookDelivery', at: row.at, traceId: audit.traceId, data: audit.data }),
            );
            await em.insert(AuditOutbox, { id: auditId });
          }
          inserted.set(row.id, auditId);
        }
        return inserted;
      }),

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
