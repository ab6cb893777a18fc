/**
 * The trigger and delivery repositories (store/triggers/, store/deliveries/), once, against both
 * engines: what the trigger actor relies on (a rotation wins once, a delete takes the log with
 * it, a delivery key is logged once however many copies race, an accepted row never stands
 * without its audit row, retention keeps what answers redeliveries) must hold on SQLite in
 * memory exactly as on PostgreSQL's batched statements.
 */
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { engines } from '../helpers/store-engines.js';
import { saveFlow } from '../helpers/triggers.js';
import { AuditEvent, AuditOutbox } from '../../store/index.js';
import { WebhookDelivery } from '../../store/entities/WebhookDelivery.js';
import { FlowDefinition } from '../../store/entities/FlowDefinition.js';
import { pauseAgent } from '../../store/paused.js';
import { triggersOf, type TriggerRecord } from '../../store/triggers/index.js';
import { deliveriesOf, ledgerKey, RETENTION, type DeliveryRow } from '../../store/deliveries/index.js';
import type { Store } from '../../store/types.js';

const T0 = Date.parse('2026-11-20T10:00:00.000Z');

const trigger = (id: string, principal: string, flowId: string, createdAt: number): TriggerRecord =>
  ({
    id,
    flowId,
    principal,
    scheme: 'svc',
    events: ['push', 'issues.opened'],
    input: { fields: { who: 'sender.login' } },
    release: null,
    config: null,
    sealedSecret: `sealed-${id}-1`,
    secretVersion: 1,
    enabled: true,
    createdBy: 'operator',
    createdAt: new Date(createdAt),
    updatedAt: new Date(createdAt),
  }) as TriggerRecord;

const delivery = (triggerId: string, key: string, status = 'accepted', at = new Date(), audit = status === 'accepted'): DeliveryRow => {
  const runId = status === 'accepted' ? `run-wh-${triggerId}-${key}` : null;
  return {
    id: randomUUID(),
    triggerId,
    deliveryKey: key,
    status,
    reason: status === 'rejected' ? 'webhook_signature_invalid' : null,
    bytes: 7,
    runId,
    eventType: 'push',
    sent: status === 'accepted',
    at,
    ...(audit ? { audit: { traceId: `tr-${key}`, data: { triggerId, runId, deliveryKey: key } } } : {}),
  };
};

const rowsOf = (store: Store, triggerId: string) => store.em().find(WebhookDelivery, { triggerId }, { orderBy: { id: 'asc' } });
const auditsOf = async (store: Store, triggerId: string) =>
  (await store.em().find(AuditEvent, { type: 'WebhookDelivery' })).filter((a) => a.data.triggerId === triggerId);

for (const e of engines) {
  const skip = (await e.skip()) ?? false;

  t.test(`trigger repository on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);
    const triggers = triggersOf(store);
    await saveFlow(store, 'wf', 'webhook', undefined, 'operator', { level: 'agent', ref: 'alice' });
    await triggers.insert(trigger('trg_a1', 'alice', 'wf', T0));
    await triggers.insert(trigger('trg_b1', 'bob', 'wf', T0 + 1000));
    await triggers.insert(trigger('trg_a2', 'alice', 'wf', T0 + 2000));

    t.test('a record reads back as it was written', async (t) => {
      const row = await triggers.get('trg_a1');
      t.match(row, {
        id: 'trg_a1',
        flowId: 'wf',
        principal: 'alice',
        scheme: 'svc',
        events: ['push', 'issues.opened'],
        input: { fields: { who: 'sender.login' } },
        config: null,
        sealedSecret: 'sealed-trg_a1-1',
        secretVersion: 1,
        enabled: true,
      });
      t.equal(row?.createdAt.getTime(), T0, 'timestamps as dates');
      t.equal(await triggers.get('trg_nope'), undefined);
      t.same([await triggers.exists('trg_a1'), await triggers.exists('trg_nope')], [true, false]);
    });

    t.test("every trigger or one principal's, newest first", async (t) => {
      t.same(
        (await triggers.list()).map((r) => r.id),
        ['trg_a2', 'trg_b1', 'trg_a1'],
      );
      t.same(
        (await triggers.list('alice')).map((r) => r.id),
        ['trg_a2', 'trg_a1'],
      );
      t.same(await triggers.list('carol'), []);
    });

    t.test('the flow as a trigger judges it', async (t) => {
      t.match(await triggers.flow('wf'), { trigger: 'webhook', scopeLevel: 'agent', scopeRef: 'alice', definition: { id: 'wf' } });
      t.equal(await triggers.flow('gone'), undefined);
    });

    t.test('enable and disable', async (t) => {
      const at = new Date(T0 + 60_000);
      t.equal(await triggers.setEnabled('trg_a1', false, at), true);
      t.match(await triggers.get('trg_a1'), { enabled: false, updatedAt: at });
      t.equal(await triggers.setEnabled('trg_a1', true, at), true);
      t.equal((await triggers.get('trg_a1'))?.enabled, true);
      t.equal(await triggers.setEnabled('trg_nope', true, at), false, 'no such trigger');
    });

    t.test('of two rotations from one version exactly one wins', async (t) => {
      const at = new Date(T0 + 120_000);
      const won = await Promise.all([triggers.rotate('trg_b1', 2, 'sealed-x', at), triggers.rotate('trg_b1', 2, 'sealed-y', at)]);
      t.same(won.filter(Boolean).length, 1);
      const row = await triggers.get('trg_b1');
      t.match(row, { secretVersion: 2, sealedSecret: won[0] ? 'sealed-x' : 'sealed-y', updatedAt: at });
      t.equal(await triggers.rotate('trg_b1', 2, 'sealed-z', at), false, 'a rotation from a stale version');
      t.equal(await triggers.rotate('trg_b1', 3, 'sealed-z', at), true);
      t.equal((await triggers.get('trg_b1'))?.sealedSecret, 'sealed-z');
    });

    t.test("a delete takes the trigger's delivery log with it, and nothing else", async (t) => {
      const deliveries = deliveriesOf(store);
      await deliveries.insert([delivery('trg_a2', 'k1'), delivery('trg_a2', 'rejected:1', 'rejected'), delivery('trg_a1', 'k1')]);
      t.equal(await triggers.delete('trg_a2'), true);
      t.equal(await triggers.get('trg_a2'), undefined);
      t.same(await rowsOf(store, 'trg_a2'), [], 'its log is gone');
      t.equal((await rowsOf(store, 'trg_a1')).length, 1, "another trigger's log stays");
      t.equal(await triggers.delete('trg_a2'), false, 'a second delete finds nothing');
    });
  });

  t.test(`delivery repository on ${e.engine}`, { skip }, async (t) => {
    const store = await e.open(t);
    const deliveries = deliveriesOf(store);
    const triggers = triggersOf(store);
    await saveFlow(store, 'wf', 'webhook');
    await saveFlow(store, 'other', 'webhook', undefined, 'operator', { level: 'agent', ref: 'bob' });
    await triggers.insert(trigger('trg_1', 'alice', 'wf', T0));
    await triggers.insert(trigger('trg_2', 'bob', 'other', T0 + 1000));
    await triggers.insert(trigger('trg_3', 'alice', 'deleted-flow', T0 + 2000));

    t.test('the triggers a delivery needs: record, flow and pause state, in one read', async (t) => {
      const found = await deliveries.triggers(['trg_1', 'trg_2', 'trg_1', 'trg_3', 'trg_nope']);
      t.same([...found.keys()].sort(), ['trg_1', 'trg_2', 'trg_3'], 'a repeated id once, an unknown one absent');
      t.match(found.get('trg_1'), {
        id: 'trg_1',
        principal: 'alice',
        events: ['push', 'issues.opened'],
        input: { fields: { who: 'sender.login' } },
        config: null,
        secretVersion: 1,
        enabled: true,
        paused: false,
        flow: { trigger: 'webhook', scopeLevel: 'org', scopeRef: null },
      });
      t.equal(found.get('trg_1')?.createdAt.getTime(), T0);
      t.same(found.get('trg_2')?.flow, { trigger: 'webhook', scopeLevel: 'agent', scopeRef: 'bob' });
      t.equal(found.get('trg_3')?.flow, undefined, 'a deleted flow');

      await pauseAgent(store, 'alice', 'operator');
      await store.em().nativeUpdate(FlowDefinition, { id: 'wf' }, { trigger: 'manual' });
      const now = await deliveries.triggers(['trg_1', 'trg_2']);
      t.same([now.get('trg_1')?.paused, now.get('trg_2')?.paused], [true, false], "the principal's pause as it is now");
      t.equal(now.get('trg_1')?.flow?.trigger, 'manual', 'the flow as it is now');
      t.same(await deliveries.triggers(['trg_nope']), new Map());
    });

    t.test('the same delivery key twice: one row, one audit row with its outbox row', async (t) => {
      const first = delivery('trg_1', 'once');
      const inserted = await deliveries.insert([first]);
      t.same([...inserted.keys()], [first.id]);
      const auditId = inserted.get(first.id);
      t.type(auditId, 'string', 'the audit row written with it');
      t.same((await deliveries.insert([delivery('trg_1', 'once')])).size, 0, 'the second copy inserts nothing');
      t.same(
        (await rowsOf(store, 'trg_1')).filter((r) => r.deliveryKey === 'once').map((r) => r.id),
        [first.id],
      );
      const audits = (await auditsOf(store, 'trg_1')).filter((a) => a.data.deliveryKey === 'once');
      t.same(
        audits.map((a) => [String(a.id), a.traceId, a.at.getTime()]),
        [[auditId, 'tr-once', first.at.getTime()]],
        "one audit row, at the delivery's time",
      );
      t.equal(await store.em().count(AuditOutbox, { id: auditId! }), 1, 'its event is owed (outbox row)');
      t.same((await deliveries.insert([delivery('trg_2', 'once')])).size, 1, 'the key is per trigger');
    });

    t.test('copies racing: concurrent inserts and a repeat inside one batch log the key once', async (t) => {
      const race = await Promise.all(Array.from({ length: 8 }, () => deliveries.insert([delivery('trg_1', 'race')])));
      t.equal(race.filter((m) => m.size === 1).length, 1, 'exactly one concurrent insert wins');
      const batch = await deliveries.insert([delivery('trg_1', 'batch'), delivery('trg_1', 'batch'), delivery('trg_1', 'batch-2')]);
      t.equal(batch.size, 2, 'the repeat in the batch is not inserted');
      for (const key of ['race', 'batch', 'batch-2']) {
        t.equal((await rowsOf(store, 'trg_1')).filter((r) => r.deliveryKey === key).length, 1, `${key}: one row`);
        t.equal((await auditsOf(store, 'trg_1')).filter((a) => a.data.deliveryKey === key).length, 1, `${key}: one audit row`);
      }
    });

    t.test('rows without an audit row, and the published flags an insert carries', async (t) => {
      const owed = await deliveries.insert([delivery('trg_2', 'flagged')]);
      const auditId = [...owed.values()][0]!;
      const skipped = delivery('trg_2', `skipped:${randomUUID()}`, 'skipped');
      const out = await deliveries.insert([skipped], [auditId]);
      t.same([...out.entries()], [[skipped.id, null]], 'inserted, with no audit row');
      t.equal(await store.em().count(AuditOutbox, { id: auditId }), 0, 'the published event is no longer owed');
      t.match(await store.em().findOne(WebhookDelivery, { id: skipped.id }), {
        status: 'skipped',
        reason: null,
        runId: null,
        sent: false,
        bytes: 7,
        eventType: 'push',
      });
    });

    t.test('the ledger answers for accepted keys only, with the accepting time', async (t) => {
      const at = new Date(T0 + 5_000);
      await deliveries.insert([
        delivery('trg_2', 'ledger', 'accepted', at),
        delivery('trg_2', 'rej', 'rejected'),
        delivery('trg_2', 'dup', 'duplicate'),
      ]);
      const keys = ['ledger', 'rej', 'dup', 'never'].map((deliveryKey) => ({ triggerId: 'trg_2', deliveryKey }));
      const found = await deliveries.acceptedAt([...keys, { triggerId: 'trg_1', deliveryKey: 'ledger' }]);
      t.same([...found.keys()], [ledgerKey('trg_2', 'ledger')]);
      t.equal(found.get(ledgerKey('trg_2', 'ledger'))?.getTime(), at.getTime());
    });

    t.test("the trigger read carries the ledger's answer for the keys asked, per trigger", async (t) => {
      const at = new Date(T0 + 7_000);
      await deliveries.insert([
        delivery('trg_1', 'read-held', 'accepted', at),
        delivery('trg_2', 'read-other', 'accepted', at),
        delivery('trg_1', 'read-dup', 'duplicate'),
      ]);
      const asked = ['read-held', 'read-dup', 'read-never', 'read-other'].map((deliveryKey) => ({ triggerId: 'trg_1', deliveryKey }));
      const both = await deliveries.triggersAndLedger(['trg_1', 'trg_nope'], [...asked, { triggerId: 'trg_1', deliveryKey: 'read-held' }]);
      t.same([...both.triggers.keys()], ['trg_1'], 'the triggers, as triggers() reads them');
      t.same(both.triggers.get('trg_1'), (await deliveries.triggers(['trg_1'])).get('trg_1'));
      t.same([...both.accepted.keys()], [ledgerKey('trg_1', 'read-held')], "accepted keys only, under the asking trigger's id, once");
      t.equal(both.accepted.get(ledgerKey('trg_1', 'read-held'))?.getTime(), at.getTime(), 'with the accepting time');
      t.same(both.accepted, await deliveries.acceptedAt(asked), 'what acceptedAt answers for the same keys');
      t.same((await deliveries.triggersAndLedger(['trg_1'], [])).accepted, new Map(), 'no keys, no ledger answer');
    });

    t.test("a listing: one trigger's, one principal's or all, newest first", async (t) => {
      const store2 = await e.open(t);
      const d2 = deliveriesOf(store2);
      await triggersOf(store2).insert(trigger('trg_x', 'alice', 'wf', T0));
      await triggersOf(store2).insert(trigger('trg_y', 'alice', 'wf', T0));
      await triggersOf(store2).insert(trigger('trg_z', 'bob', 'wf', T0));
      const at = (s: number) => new Date(T0 + s * 1000);
      await d2.insert([
        delivery('trg_x', 'x1', 'accepted', at(1)),
        delivery('trg_y', 'y1', 'rejected', at(3)),
        delivery('trg_z', 'z1', 'accepted', at(2)),
        delivery('trg_x', 'x2', 'skipped', at(4)),
      ]);
      const keys = async (scope: Parameters<typeof d2.list>[0], limit = 50) => (await d2.list(scope, limit)).map((r) => r.deliveryKey);
      t.same(await keys({ triggerId: 'trg_x' }), ['x2', 'x1']);
      t.same(await keys({ principal: 'alice' }), ['x2', 'y1', 'x1']);
      t.same(await keys({ principal: 'carol' }), []);
      t.same(await keys({}), ['x2', 'y1', 'z1', 'x1']);
      t.same(await keys({}, 2), ['x2', 'y1'], 'at most the limit');
    });

    t.test('retention: old rows go, accepted ones later; a trigger keeps its newest others; orphans go', async (t) => {
      const store2 = await e.open(t);
      const d2 = deliveriesOf(store2);
      await triggersOf(store2).insert(trigger('trg_r', 'alice', 'wf', T0));
      const now = new Date(T0 + 60 * 24 * 3600_000);
      const ago = (ms: number) => new Date(now.getTime() - ms);
      const kept = [
        delivery('trg_r', 'accepted-recent', 'accepted', ago(RETENTION.acceptedMs - 60_000)),
        delivery('trg_r', 'rejected-recent', 'rejected', ago(RETENTION.otherMs - 60_000)),
      ];
      const gone = [
        delivery('trg_r', 'accepted-old', 'accepted', ago(RETENTION.acceptedMs + 60_000)),
        delivery('trg_r', 'duplicate-old', 'duplicate', ago(RETENTION.otherMs + 60_000)),
        delivery('trg_gone', 'orphan', 'rejected', ago(1000)),
      ];
      await d2.insert([...kept, ...gone]);
      t.equal(await d2.prune(now), gone.length);
      t.same((await rowsOf(store2, 'trg_r')).map((r) => r.deliveryKey).sort(), ['accepted-recent', 'rejected-recent']);
      t.same(await rowsOf(store2, 'trg_gone'), []);

      const extra = 3;
      const capped = Array.from({ length: RETENTION.otherPerTrigger + extra }, (_, i) =>
        delivery('trg_r', `skipped-${i}`, 'skipped', ago(3_600_000 - i)),
      );
      await store2.em().insertMany(
        WebhookDelivery,
        capped.map(({ audit: _, ...r }) => r),
      );
      t.equal(await d2.prune(now), extra + 1, 'the oldest others beyond the cap (the older rejection among them)');
      const left = await rowsOf(store2, 'trg_r');
      t.equal(left.filter((r) => r.status !== 'accepted').length, RETENTION.otherPerTrigger);
      t.ok(
        left.some((r) => r.deliveryKey === 'accepted-recent'),
        'accepted rows are not counted against the cap',
      );
      t.notOk(
        left.some((r) => ['skipped-0', 'skipped-1', 'skipped-2', 'rejected-recent'].includes(r.deliveryKey)),
        'the oldest went',
      );
      t.equal(await d2.prune(now), 0, 'nothing left to prune');
    });
  });
}
