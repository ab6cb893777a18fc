/**
 * The delivery insert carries outbox flags (store/outbox-flags.ts): the outbox rows of audit rows
 * whose events the stream already has are deleted by the statement that inserts the next
 * deliveries (and writes their own audit and outbox rows), on each engine, whether or not that
 * statement inserts anything; a duplicate in the batch changes nothing about them.
 */
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { engines } from '../../helpers/store-engines.js';
import { auditOf } from '../../../store/audit/index.js';
import { deliveriesOf, type DeliveryRow } from '../../../store/deliveries/index.js';
import { AuditEvent } from '../../../store/entities/AuditEvent.js';
import { AuditOutbox } from '../../../store/entities/AuditOutbox.js';
import type { Store } from '../../../store/types.js';

const row = (key: string, audit = true): DeliveryRow => ({
  id: randomUUID(),
  triggerId: 'trg_flags',
  deliveryKey: key,
  status: 'accepted',
  reason: null,
  bytes: 2,
  runId: `run-wh-${key}`,
  eventType: null,
  sent: true,
  at: new Date(),
  ...(audit ? { audit: { traceId: key, data: { triggerId: 'trg_flags', runId: `run-wh-${key}`, deliveryKey: key } } } : {}),
});

/** Each audit row's flag (true once its outbox row is gone), in the order of `ids`. */
const published = async (store: Store, ids: string[]) => {
  const em = store.em().fork();
  const exists = new Set((await em.find(AuditEvent, { id: { $in: ids } })).map((r) => String(r.id)));
  const owed = new Set((await em.find(AuditOutbox, { id: { $in: ids } })).map((r) => String(r.id)));
  return ids.map((id) => [id, exists.has(id) ? !owed.has(id) : undefined]);
};

for (const e of engines) {
  t.test(`${e.engine}: a delivery insert flags the audit rows it is handed`, { skip: (await e.skip()) ?? false }, async (t) => {
    const store = await e.open(t);
    const earlier = await Promise.all([1, 2, 3].map((i) => auditOf(store).append({ type: 'FlowSaved', data: { i } })));
    const untouched = await auditOf(store).append({ type: 'FlowSaved', data: { i: 4 } });
    const inserted = await deliveriesOf(store).insert(
      [row('a'), row('b'), row('a')],
      earlier.map((r) => r.id),
    );
    t.equal(inserted.size, 2, 'the two distinct deliveries are inserted, the repeat is not');
    t.same(
      await published(store, [...earlier.map((r) => r.id), untouched.id]),
      [...earlier.map((r) => [r.id, true]), [untouched.id, false]],
      'exactly the rows handed are flagged',
    );
    const own = [...inserted.values()].filter((id): id is string => id !== null);
    t.same(
      (await published(store, own)).map(([, p]) => p),
      [false, false],
      "the new deliveries' own audit rows wait for their events",
    );

    const later = await auditOf(store).append({ type: 'FlowSaved', data: { i: 5 } });
    const none = await deliveriesOf(store).insert([row('a')], [later.id]);
    t.equal(none.size, 0, 'a batch of duplicates inserts nothing');
    t.same(await published(store, [later.id]), [[later.id, true]], 'and still flags what it carries');
  });
}
