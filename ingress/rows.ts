/**
 * The delivery path's store operations, as group commits (kernel/group-commit.ts): the reads
 * of concurrent deliveries (their trigger, held by the gateway for its lease, trigger-cache.ts,
 * and the ledger's answer for their keys) share one statement, and their delivery-row inserts
 * share round trips and commits. An
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
import type { TriggerReadAt } from './trigger-cache.js';
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import { createAudit } from '../runtime/audit.js';
import { withFlags } from '../store/outbox-flags.js';
import { groupCommit } from '../kernel/group-commit.js';

export interface DeliveryRows {
  /** A trigger as a delivery needs it (its row undefined when there is no such trigger), with
   * when the read was sent on the `performance.now()` clock: the start of its lease (trigger-cache.ts). */
  trigger(triggerId: string): Promise<TriggerReadAt>;
  /** When the ledger logged this delivery key as accepted; undefined when it has not. */
  accepted(key: LedgerKey): Promise<Date | undefined>;
  /** False when (trigger id, delivery key) is already there (and then no audit row is written). */
  insert(row: DeliveryRow): Promise<boolean>;
}

export function deliveryRows(deps: { store: Store; bus: Bus; log: Logger }): DeliveryRows {
  const audit = createAudit(deps);
  const deliveries = deliveriesOf(deps.store);
  // Trigger reads and ledger reads of concurrent deliveries share one statement: under load a
  // trigger is read again at most every half lease (trigger-cache.ts), riding along with the
  // ledger keys of the deliveries that arrived meanwhile.
  const read = groupCommit(async (items: ({ triggerId: string } | { key: LedgerKey })[]): Promise<(TriggerReadAt | Date | undefined)[]> => {
    const keys = items.flatMap((i) => ('key' in i ? [i.key] : []));
    const wanted = items.flatMap((i) => ('triggerId' in i ? [i.triggerId] : []));
    // Taken before the statement is sent, so a lease never starts after its row was read.
    const from = performance.now();
    // The joint read answers a key only beside its own trigger's row, so those are read too.
    const found =
      wanted.length === 0
        ? { triggers: new Map<string, TriggerRow>(), accepted: await deliveries.acceptedAt(keys) }
        : await deliveries.triggersAndLedger([...new Set([...wanted, ...keys.map((k) => k.triggerId)])], keys);
    return items.map((i) =>
      'key' in i ? found.accepted.get(ledgerKey(i.key.triggerId, i.key.deliveryKey)) : { row: found.triggers.get(i.triggerId), from },
    );
  });
  return {
    trigger: (triggerId) => read({ triggerId }) as Promise<TriggerReadAt>,
    accepted: (key) => read({ key }) as Promise<Date | undefined>,
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
