/**
 * The delivery path's store operations, each as a group commit (kernel/group-commit.ts):
 * trigger lookups (with the ledger's answer for the keys a delivery's headers carry), ledger
 * reads and delivery-row inserts of concurrent deliveries share round trips and commits. An
 * accepted delivery's `WebhookDelivery` audit row is written in the same statement as its
 * delivery row, and its event is published from the outbox row once the callers are
 * released (runtime/audit.ts `publish`: the row is the record, the live event follows, and the
 * outbox sweep re-sends it when that publish fails); its flag, and those of other events this
 * process published, ride in the next insert statement. One instance per process role: the
 * hooks route's (lookups; rejected, skipped and duplicate rows) and the run actor's (accepted
 * rows, accepted.ts).
 */
import type { Logger } from 'pino';
import { deliveriesOf, ledgerKey, type DeliveryRow, type LedgerKey, type TriggerRow } from '../store/deliveries/index.js';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import { createAudit } from '../runtime/audit.js';
import { withFlags } from '../store/outbox-flags.js';
import { groupCommit } from '../kernel/group-commit.js';

/** A delivery's first read: its trigger, and when the ledger logged as accepted each of the keys
 * asked that it holds (by delivery key). */
export interface TriggerRead {
  trigger: TriggerRow;
  accepted: ReadonlyMap<string, Date>;
}

export interface DeliveryRows {
  /** Undefined when there is no such trigger. */
  lookup(read: { triggerId: string; keys: readonly string[] }): Promise<TriggerRead | undefined>;
  /** When the ledger logged this delivery key as accepted; undefined when it has not. */
  accepted(key: LedgerKey): Promise<Date | undefined>;
  /** False when (trigger id, delivery key) is already there (and then no audit row is written). */
  insert(row: DeliveryRow): Promise<boolean>;
}

export function deliveryRows(deps: { store: Store; bus: Bus; log: Logger }): DeliveryRows {
  const audit = createAudit(deps);
  const deliveries = deliveriesOf(deps.store);
  return {
    lookup: groupCommit(async (reads: { triggerId: string; keys: readonly string[] }[]) => {
      const asked = new Map<string, LedgerKey>();
      for (const r of reads) for (const k of r.keys) asked.set(ledgerKey(r.triggerId, k), { triggerId: r.triggerId, deliveryKey: k });
      const found = await deliveries.triggersAndLedger(
        reads.map((r) => r.triggerId),
        [...asked.values()],
      );
      return reads.map((r) => {
        const trigger = found.triggers.get(r.triggerId);
        if (!trigger) return undefined;
        const accepted = new Map<string, Date>();
        for (const k of r.keys) {
          const at = found.accepted.get(ledgerKey(r.triggerId, k));
          if (at) accepted.set(k, at);
        }
        return { trigger, accepted };
      });
    }),
    accepted: groupCommit(async (keys: LedgerKey[]) => {
      const found = await deliveries.acceptedAt(keys);
      return keys.map((k) => found.get(ledgerKey(k.triggerId, k.deliveryKey)));
    }),
    insert: groupCommit(async (rows: DeliveryRow[]) => {
      // The insert carries the outbox flags waiting in this process (store/outbox-flags.ts):
      // under load no flag needs a statement and a commit of its own.
      const inserted = await withFlags(deps.store, (published) => deliveries.insert(rows, published));
      for (const r of rows) {
        const id = inserted.get(r.id);
        if (id && r.audit) void audit.publish({ id, type: 'WebhookDelivery', at: r.at, traceId: r.audit.traceId, data: r.audit.data });
      }
      return rows.map((r) => inserted.has(r.id));
    }),
  };
}
