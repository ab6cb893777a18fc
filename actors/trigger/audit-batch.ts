/**
 * `WebhookDelivery` audit events written as a group commit: every delivery that finishes while
 * a write is in flight joins the next one, so N concurrent deliveries cost one multi-row insert
 * instead of N, and each still waits for its row before it is answered (same durability as
 * runtime/audit.ts, whose rules it follows: the row first, then the live event, whose failure
 * is only logged). With no concurrency a batch is one row and adds no delay.
 */
import type { Logger } from 'pino';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import type { Bus } from '../../bus/types.js';
import type { Store } from '../../store/types.js';

interface Pending { readonly data: Record<string, unknown>; readonly traceId: string | undefined; readonly at: Date }

export interface DeliveryAudit {
  record(data: Record<string, unknown>, traceId?: string): Promise<void>;
}

const MAX_BATCH = 500;

export function deliveryAudit(deps: { store: Store; bus: Bus; log: Logger }): DeliveryAudit {
  let queue: { item: Pending; done: (err?: unknown) => void }[] = [];
  let writing = false;

  const flush = async (): Promise<void> => {
    writing = true;
    while (queue.length > 0) {
      const batch = queue.slice(0, MAX_BATCH);
      queue = queue.slice(batch.length);
      try {
        await deps.store.em().insertMany(AuditEvent, batch.map(({ item }) => ({ type: 'WebhookDelivery', at: item.at, traceId: item.traceId ?? null, data: item.data })));
        for (const b of batch) b.done();
      } catch (err) {
        for (const b of batch) b.done(err);
      }
      for (const { item } of batch) {
        deps.bus.emit('WebhookDelivery', item.data, item.traceId === undefined ? {} : { traceId: item.traceId })
          .catch((err: unknown) => deps.log.warn({ err, type: 'WebhookDelivery' }, 'audit event not published'));
      }
    }
    writing = false;
  };

  return {
    record(data, traceId) {
      return new Promise<void>((resolve, reject) => {
        queue.push({ item: { data, traceId, at: new Date() }, done: (err) => (err === undefined ? resolve() : reject(err)) });
        if (!writing) void flush();
      });
    },
  };
}
