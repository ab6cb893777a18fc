/**
 * `WebhookDelivery` audit events written as a group commit (runtime/group-commit.ts): deliveries
 * that finish while a write is in flight share the next multi-row insert, and each waits for its
 * row before it is answered. The rows join the audit outbox of runtime/audit.ts: written
 * unpublished, then handed to `Audit.publish` after the callers are released (the row is the
 * record, the live event follows), and left to the outbox sweep when the publish fails.
 */
import type { Logger } from 'pino';
import { insertDeliveryAudits, type DeliveryAuditRow } from '../../store/webhooks.js';
import type { Bus } from '../../bus/types.js';
import type { Store } from '../../store/types.js';
import { createAudit } from '../../runtime/audit.js';
import { groupCommit } from '../../runtime/group-commit.js';

export interface DeliveryAudit {
  /** `data.runId` names the accepted delivery's run (unique per row). */
  record(data: Record<string, unknown> & { runId: string }, traceId?: string): Promise<void>;
}

export function deliveryAudit(deps: { store: Store; bus: Bus; log: Logger }): DeliveryAudit {
  const audit = createAudit(deps);
  const write = groupCommit(async (batch: DeliveryAuditRow[]) => {
    const ids = await insertDeliveryAudits(deps.store, batch);
    for (const p of batch) {
      const id = ids.get(p.runId);
      if (id !== undefined) void audit.publish({ id, type: 'WebhookDelivery', at: p.at, traceId: p.traceId, data: p.data });
    }
    return batch.map(() => undefined);
  });
  return { record: (data, traceId) => write({ runId: data.runId, data, traceId: traceId ?? null, at: new Date() }) };
}
