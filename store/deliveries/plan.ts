/**
 * What a batch of delivery log rows writes, decided once for both engines (pg.ts and sqlite.ts
 * render it): the outbox rows of earlier deliveries whose events the stream has stored are deleted;
 * each row is inserted unless the ledger holds its (trigger id, delivery key) already, or a row
 * earlier in the batch has it; and only a row that is inserted gets its `WebhookDelivery` audit row
 * (with its outbox row), at the delivery's time, in the same transaction.
 */
import { planAudit, planPublished, type AuditRow } from '../audit/plan.js';
import type { DeliveryRow } from './types.js';

export interface DeliveryPlan {
  published: number[];
  rows: { row: Omit<DeliveryRow, 'audit'>; audit: AuditRow | undefined }[];
}

export const DELIVERY_AUDIT = 'WebhookDelivery';

export function planDeliveries(rows: readonly DeliveryRow[], published: readonly string[]): DeliveryPlan {
  return {
    published: planPublished(published),
    rows: rows.map(({ audit, ...row }) => ({
      row,
      audit: audit && planAudit({ type: DELIVERY_AUDIT, traceId: audit.traceId ?? undefined, data: audit.data, at: row.at }, row.at),
    })),
  };
}
