/**
 * `WebhookDelivery` audit events written as a group commit (group.ts): deliveries that finish
 * while a write is in flight share the next multi-row insert, and each still waits for its row
 * before it is answered (the durability of runtime/audit.ts, whose rules it follows: the row
 * first, then the live event, whose failure is only logged).
 */
import type { Logger } from 'pino';
import { AuditEvent } from '../../store/entities/AuditEvent.js';
import type { Bus } from '../../bus/types.js';
import type { Store } from '../../store/types.js';
import { groupCommit } from './group.js';

interface Pending { readonly data: Record<string, unknown>; readonly traceId: string | undefined; readonly at: Date }

export interface DeliveryAudit {
  record(data: Record<string, unknown>, traceId?: string): Promise<void>;
}

export function deliveryAudit(deps: { store: Store; bus: Bus; log: Logger }): DeliveryAudit {
  const write = groupCommit(async (batch: Pending[]) => {
    await deps.store.em().insertMany(AuditEvent, batch.map((p) => ({ type: 'WebhookDelivery', at: p.at, traceId: p.traceId ?? null, data: p.data })));
    for (const p of batch) {
      deps.bus.emit('WebhookDelivery', p.data, p.traceId === undefined ? {} : { traceId: p.traceId })
        .catch((err: unknown) => deps.log.warn({ err, type: 'WebhookDelivery' }, 'audit event not published'));
    }
    return batch.map(() => undefined);
  });
  return { record: (data, traceId) => write({ data, traceId, at: new Date() }) };
}
