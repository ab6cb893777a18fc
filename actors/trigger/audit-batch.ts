/**
 * `WebhookDelivery` audit events written as a group commit (group.ts): deliveries that finish
 * while a write is in flight share the next multi-row insert, and each waits for its row before
 * it is answered. The rows follow the audit outbox of runtime/audit.ts: written unpublished,
 * published with `Nats-Msg-Id` = row id, flagged once stored (one update per batch), and left
 * to the outbox sweep when the publish fails. Publishing happens after the callers are released:
 * the row is the record, the live event follows.
 */
import type { Logger } from 'pino';
import { markPublished } from '../../store/audit.js';
import { insertDeliveryAudits, type DeliveryAuditRow } from '../../store/webhooks.js';
import type { Bus } from '../../bus/types.js';
import type { Store } from '../../store/types.js';
import { groupCommit } from '../../runtime/group-commit.js';

export interface DeliveryAudit {
  /** `data.runId` names the accepted delivery's run (unique per row). */
  record(data: Record<string, unknown> & { runId: string }, traceId?: string): Promise<void>;
}

export function deliveryAudit(deps: { store: Store; bus: Bus; log: Logger }): DeliveryAudit {
  const publish = async (ids: Map<string, string>, batch: DeliveryAuditRow[]): Promise<void> => {
    const stored: string[] = [];
    await Promise.all(batch.map((p) => {
      const id = ids.get(p.runId);
      if (id === undefined) return undefined;
      return deps.bus.emit('WebhookDelivery', p.data, { msgId: id, at: p.at.toISOString(), ...(p.traceId === null ? {} : { traceId: p.traceId }) })
        .then(() => { stored.push(id); }, (err: unknown) => deps.log.warn({ err, type: 'WebhookDelivery', auditId: id }, 'audit event not published yet; the outbox sweep will re-send it'));
    }));
    await markPublished(deps.store, stored).catch((err: unknown) => deps.log.warn({ err }, 'audit rows not flagged published; the outbox sweep re-sends them (deduplicated by msgId)'));
  };
  const write = groupCommit(async (batch: DeliveryAuditRow[]) => {
    const ids = await insertDeliveryAudits(deps.store, batch);
    void publish(ids, batch);
    return batch.map(() => undefined);
  });
  return { record: (data, traceId) => write({ runId: data.runId, data, traceId: traceId ?? null, at: new Date() }) };
}
