/**
 * The delivery log's and the audit trail's write plans (store/deliveries/plan.ts,
 * store/audit/plan.ts), which both engines render: an accepted delivery's audit row is planned
 * with it, at the delivery's time; a row without one gets none; the outbox rows to flag are each
 * deleted once.
 */
import t from 'tap';
import { planDeliveries } from '../../store/deliveries/plan.js';
import { planAudit, planPublished } from '../../store/audit/plan.js';
import type { DeliveryRow } from '../../store/deliveries/types.js';

const at = new Date('2026-11-28T05:00:00Z');
const row = (id: string, audit?: DeliveryRow['audit']): DeliveryRow => ({
  id,
  triggerId: 'tr',
  deliveryKey: id,
  status: audit ? 'accepted' : 'duplicate',
  reason: null,
  bytes: 10,
  runId: audit ? `run-${id}` : null,
  eventType: null,
  sent: false,
  at,
  ...(audit ? { audit } : {}),
});

t.test('an accepted delivery plans its WebhookDelivery audit row at its own time; a duplicate plans none', async (t) => {
  const p = planDeliveries([row('a', { traceId: 'tc', data: { runId: 'run-a' } }), row('b')], []);
  t.same(p.rows[0]!.audit, { type: 'WebhookDelivery', at, traceId: 'tc', data: { runId: 'run-a' } });
  t.equal(p.rows[1]!.audit, undefined);
  t.notOk('audit' in p.rows[0]!.row, 'the row is written without its audit fields');
});

t.test('outbox rows flagged with a batch are deleted once each', async (t) => {
  t.same(planDeliveries([], ['3', '1', '3']).published, [3, 1]);
  t.same(planPublished(['7', '7']), [7]);
});

t.test('an audit row keeps the time of its event, else the time it is written', async (t) => {
  const now = new Date('2026-11-28T06:00:00Z');
  t.same(planAudit({ type: 'X', data: {} }, now), { type: 'X', at: now, traceId: null, data: {} });
  t.equal(planAudit({ type: 'X', data: {}, at }, now).at, at);
});
