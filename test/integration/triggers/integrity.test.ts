/**
 * A 202 always has a run behind it, and nothing about a trigger leaks before the caller proves
 * it holds the secret. Real runs (the whole product in one process, embedded bus and SQLite):
 * the flow is checked at mint and at every delivery (scope, deleted, re-saved away from
 * webhook); a failed send answers 503 and records nothing; a command stored again after the
 * stream's duplicate window names the same run and starts no second one (the HTTP answer to such
 * a copy: late-copy.test.ts); the worker logs an accepted
 * delivery before its run; disabled answers 403 only to a signed request; a codehost ping starts nothing;
 * the delivery log is capped and goes with its trigger.
 */
import t, { type Test } from 'tap';
import { Webhooks } from '@octokit/webhooks';
import { startSystem, type TestSystem } from '../../helpers/system.js';
import { json, mint, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';
import { settleLeases } from '../../../store/triggers/lease.js';
import { FlowRun } from '../../../store/entities/FlowRun.js';
import { FlowDefinition } from '../../../store/entities/FlowDefinition.js';
import { WebhookDelivery } from '../../../store/entities/WebhookDelivery.js';
import { AuditEvent } from '../../../store/entities/AuditEvent.js';
import { AuditOutbox } from '../../../store/entities/AuditOutbox.js';
import { deliveriesOf, RETENTION } from '../../../store/deliveries/index.js';
import { skipUnless } from '../../helpers/services.js';
import { acceptedDeliveries } from '../../../ingress/accepted.js';
import type { StartRunCommand } from '../../../schemas/runs.js';
import { until } from '../../helpers/poll.js';

const runs = (sys: TestSystem, flowId: string) => sys.store.em().count(FlowRun, { flowId });
const completed = (sys: TestSystem, id: string) => sys.store.em().count(FlowRun, { id, status: 'completed' });

t.test('deliveries and the flow behind them', async (t) => {
  const sys = await startSystem(t, { env: { LOG_LEVEL: 'warn' } });
  await saveFlow(sys.store, 'af', 'webhook', undefined, 'alice', { level: 'agent', ref: 'alice' });

  t.test('mint: the principal must be able to see the flow', async (t) => {
    const bob = await json(`${sys.url}/flows/triggers`, 'POST', { flowId: 'af', principal: 'bob' });
    t.same([bob.status, bob.body.error], [400, 'invalid_request'], 'alice-scoped flow, trigger for bob: refused at mint');
    t.match(bob.body.message, /not visible to principal bob/);
    const alice = await mint(sys.url, { flowId: 'af', principal: 'alice' });
    const raw = '{"x":1}';
    const r = await post(`${sys.url}/hooks/${alice.trigger.id}`, raw, svcHeaders(alice.secret, raw));
    t.equal(r.status, 202);
    await until('the run to complete', async () => (await completed(sys, r.body.runId)) === 1);
    t.pass('the accepted delivery became a completed run as alice');
  });

  t.test('the flow changes after mint: every delivery is refused, no 202 without a run', async (t) => {
    await saveFlow(sys.store, 'wf', 'webhook');
    const m = await mint(sys.url, { flowId: 'wf', principal: 'carol' });
    const hook = `${sys.url}/hooks/${m.trigger.id}`;
    const send = (raw: string) => post(hook, raw, svcHeaders(m.secret, raw));
    const refused = async (why: string) => {
      const r = await send(`{"why":"${why}"}`);
      t.same([r.status, r.body.error], [409, 'webhook_flow_unavailable'], `${why}: 409 webhook_flow_unavailable`);
      t.type(r.body.message, 'string');
    };
    t.equal((await send('{}')).status, 202, 'runnable to begin with');

    // The flow is written straight to the store, not through the API, so each change waits out the
    // gateway's trigger lease itself, as the API's answer would (store/triggers/lease.ts).
    await saveFlow(sys.store, 'wf', 'webhook', undefined, 'operator', { level: 'agent', ref: 'dave' });
    await settleLeases();
    await refused("scope moved out of the principal's sight");
    await saveFlow(sys.store, 'wf', 'manual');
    await settleLeases();
    await refused('re-saved as trigger: manual');
    await sys.store.em().nativeDelete(FlowDefinition, { id: 'wf' });
    await settleLeases();
    await refused('flow deleted');
    const unsigned = await post(hook, '{}', { 'content-type': 'application/json' });
    t.same([unsigned.status, unsigned.body.error], [401, 'webhook_signature_missing'], 'an unsigned caller learns nothing about the flow');

    await saveFlow(sys.store, 'wf', 'webhook');
    await settleLeases();
    const back = await send('{"back":true}');
    t.equal(back.status, 202, 'saved back as webhook: accepted again');
    await until('the runs to settle', async () => (await completed(sys, back.body.runId)) === 1);
    t.equal(await runs(sys, 'wf'), 2, 'one run per 202, none for the refusals');
    const log = await json(`${sys.url}/flows/triggers/deliveries?triggerId=${m.trigger.id}&limit=100`, 'GET');
    t.equal(
      log.body.deliveries.filter((d: { reason?: string }) => d.reason === 'webhook_flow_unavailable').length,
      3,
      'refusals are logged as rejected',
    );
  });

  t.test('disabled: verified first, then 403', async (t) => {
    await saveFlow(sys.store, 'df', 'webhook');
    const m = await mint(sys.url, { flowId: 'df' });
    await json(`${sys.url}/flows/triggers/enabled`, 'POST', { id: m.trigger.id, enabled: false });
    const hook = `${sys.url}/hooks/${m.trigger.id}`;
    const unsigned = await post(hook, '{}', { 'content-type': 'application/json' });
    t.same([unsigned.status, unsigned.body.error], [401, 'webhook_signature_missing'], 'unsigned: 401, not 403');
    const wrong = await post(hook, '{}', svcHeaders('whsec_wrong', '{}'));
    t.same([wrong.status, wrong.body.error], [401, 'webhook_signature_invalid'], 'wrong secret: 401, not 403');
    const signed = await post(hook, '{}', svcHeaders(m.secret, '{}'));
    t.same([signed.status, signed.body.error], [403, 'webhook_trigger_disabled'], 'signed: 403 disabled');
  });

  t.test('a failed send answers 503 and records nothing; the retry is accepted', async (t) => {
    await saveFlow(sys.store, 'sf', 'webhook');
    const m = await mint(sys.url, { flowId: 'sf' });
    const raw = '{"n":1}';
    const headers = svcHeaders(m.secret, raw, { key: 'send-fails' });
    const send = sys.bus.send;
    sys.bus.send = async () => {
      throw new Error('nats away');
    };
    let r;
    try {
      r = await post(`${sys.url}/hooks/${m.trigger.id}`, raw, headers);
    } finally {
      sys.bus.send = send;
    }
    t.same([r.status, r.body.error], [503, 'bus_unavailable'], 'retryable');
    t.equal(
      await sys.store.em().count(WebhookDelivery, { triggerId: m.trigger.id, deliveryKey: 'send-fails' }),
      0,
      'no accepted row to answer the retry as a duplicate',
    );
    const retry = await post(`${sys.url}/hooks/${m.trigger.id}`, raw, headers);
    t.equal(retry.status, 202, 'the retry is accepted, not {duplicate: true}');
    await until('the run', async () => (await completed(sys, retry.body.runId)) === 1);
    t.equal(await runs(sys, 'sf'), 1);
  });

  t.test("a copy's command stored after the stream's duplicate window: logged as a duplicate, one run", async (t) => {
    await saveFlow(sys.store, 'cf', 'webhook');
    const m = await mint(sys.url, { flowId: 'cf' });
    const raw = '{"n":2}';
    const headers = svcHeaders(m.secret, raw, { key: 'late' });
    const first = await post(`${sys.url}/hooks/${m.trigger.id}`, raw, headers);
    t.equal(first.status, 202);
    await until('the run', async () => (await completed(sys, first.body.runId)) === 1);
    const dup = await post(`${sys.url}/hooks/${m.trigger.id}`, raw, headers);
    t.same([dup.status, dup.body], [200, { duplicate: true }], 'inside the window the stream answers');
    // Past the window the stream no longer knows the msgId: the same command is stored again.
    const cmd: StartRunCommand = {
      runId: first.body.runId,
      flowId: 'cf',
      input: raw,
      principal: 'operator',
      trigger: 'webhook',
      delivery: { triggerId: m.trigger.id, deliveryKey: 'late', bytes: raw.length, eventType: null, at: new Date().toISOString() },
    };
    t.equal((await sys.bus.send('run', 'start', cmd, { msgId: 'the-window-forgot' })).duplicate, false);
    await until(
      'the copy logged as a duplicate',
      async () => (await sys.store.em().fork().count(WebhookDelivery, { triggerId: m.trigger.id, status: 'duplicate' })) === 2,
    );
    t.equal(
      await sys.store.em().fork().count(WebhookDelivery, { triggerId: m.trigger.id, deliveryKey: 'late', status: 'accepted' }),
      1,
      'the key stays on its first row',
    );
    await new Promise((r) => setTimeout(r, 200));
    t.equal(await runs(sys, 'cf'), 1, 'one run for the delivery key');
  });

  t.test('the worker logs an accepted delivery; a late copy is logged as a duplicate', async (t) => {
    const logAccepted = acceptedDeliveries(sys);
    const cmd = {
      runId: 'run-wh-direct',
      flowId: 'x',
      principal: 'operator',
      trigger: 'webhook',
      delivery: { triggerId: 'trg_direct', deliveryKey: 'k1', bytes: 3, eventType: 'push', at: new Date().toISOString() },
    };
    t.equal(await logAccepted(cmd, 1), true, 'first delivery: logged as accepted');
    t.equal(await logAccepted(cmd, 2), true, 'a redelivered command meeting its own row is not a duplicate');
    t.equal(await logAccepted(cmd, 1), false, 'another command with a logged key: a late copy, logged as a duplicate');
    const em = sys.store.em().fork();
    t.match(await em.find(WebhookDelivery, { triggerId: 'trg_direct' }, { orderBy: { status: 'asc' } }), [
      { status: 'accepted', deliveryKey: 'k1', runId: 'run-wh-direct', bytes: 3, eventType: 'push', sent: true },
      { status: 'duplicate', deliveryKey: /^duplicate:/, runId: null },
    ]);
    const audit = (await em.find(AuditEvent, { type: 'WebhookDelivery' })).filter(
      (r) => (r.data as { triggerId?: string }).triggerId === 'trg_direct',
    );
    t.match(
      audit.map((r) => r.data),
      [{ triggerId: 'trg_direct', runId: 'run-wh-direct', deliveryKey: 'k1', bytes: 3, eventType: 'push' }],
      'one audit row, with the accepted row',
    );
  });

  t.test('codehost ping: 200, no run', async (t) => {
    await saveFlow(sys.store, 'pf', 'webhook');
    const m = await mint(sys.url, { flowId: 'pf', scheme: 'codehost', events: ['push'] });
    const raw = JSON.stringify({ zen: 'Keep it logically awesome.', hook_id: 1 });
    const sig = await new Webhooks({ secret: m.secret }).sign(raw);
    const headers = {
      'content-type': 'application/json',
      'x-hub-signature-256': sig,
      'x-codehost-delivery': 'ping-1',
      'x-codehost-event': 'ping',
    };
    const r = await post(`${sys.url}/hooks/${m.trigger.id}`, raw, headers);
    t.same([r.status, r.body], [200, { ping: true }]);
    const forged = await post(`${sys.url}/hooks/${m.trigger.id}`, raw, { ...headers, 'x-hub-signature-256': `sha256=${'0'.repeat(64)}` });
    t.equal(forged.status, 401, 'a ping is verified like any delivery');
    await new Promise((r) => setTimeout(r, 200));
    t.equal(await runs(sys, 'pf'), 0);
    const log = await json(`${sys.url}/flows/triggers/deliveries?triggerId=${m.trigger.id}`, 'GET');
    t.match(log.body.deliveries, [{ status: 'rejected' }, { status: 'skipped', reason: 'ping', eventType: 'ping' }]);
  });

  t.test('WebhookDelivery audit rows go through the outbox: published with their row id', async (t) => {
    await auditOutbox(t, sys);
  });

  t.test('retention: rejections capped per trigger; a deleted trigger takes its log', async (t) => {
    await saveFlow(sys.store, 'rf', 'webhook');
    const m = await mint(sys.url, { flowId: 'rf' });
    const ok = await post(`${sys.url}/hooks/${m.trigger.id}`, '{}', svcHeaders(m.secret, '{}', { key: 'kept' }));
    t.equal(ok.status, 202);
    const base = Date.now() - 60_000;
    const extra = 25;
    const rows = Array.from({ length: RETENTION.otherPerTrigger + extra }, (_, i) => ({
      id: `r-${i}`,
      triggerId: m.trigger.id,
      deliveryKey: `rejected:r-${i}`,
      status: 'rejected',
      reason: 'webhook_signature_invalid',
      bytes: 1,
      runId: null,
      eventType: null,
      sent: false,
      at: new Date(base + i),
    }));
    await sys.store.em().insertMany(WebhookDelivery, rows);
    await deliveriesOf(sys.store).prune(new Date());
    t.equal(
      await sys.store.em().count(WebhookDelivery, { triggerId: m.trigger.id, status: 'rejected' }),
      RETENTION.otherPerTrigger,
      'newest rejections kept, the rest pruned',
    );
    t.equal(await sys.store.em().count(WebhookDelivery, { triggerId: m.trigger.id, id: 'r-0' }), 0, 'the oldest went first');
    t.equal(await sys.store.em().count(WebhookDelivery, { triggerId: m.trigger.id, deliveryKey: 'kept' }), 1, 'the accepted row stays');
    await json(`${sys.url}/flows/triggers/delete`, 'POST', { id: m.trigger.id });
    t.equal(await sys.store.em().count(WebhookDelivery, { triggerId: m.trigger.id }), 0, "delete removes the trigger's log");
    await sys.store.em().insert(WebhookDelivery, { ...rows[0]!, id: 'orphan', triggerId: 'trg_gone' });
    await deliveriesOf(sys.store).prune(new Date());
    t.equal(await sys.store.em().count(WebhookDelivery, { id: 'orphan' }), 0, 'the sweep clears rows of triggers that are gone');
  });
});

t.test('retention SQL and the audit outbox on PostgreSQL', { skip: (await skipUnless('postgres')) ?? false }, async (t) => {
  const sys = await startSystem(t, {
    postgres: true,
    actors: ['ops', 'run', 'trigger'],
    env: { SVC_SESSION_KEY: 'c'.repeat(64), LOG_LEVEL: 'warn' },
  });
  await saveFlow(sys.store, 'wf', 'webhook');
  const m = await mint(sys.url, { flowId: 'wf' });
  const old = new Date(Date.now() - RETENTION.otherMs - 60_000);
  const row = (id: string, status: string, at: Date, triggerId = m.trigger.id) => ({
    id,
    triggerId,
    deliveryKey: `${status}:${id}`,
    status,
    reason: null,
    bytes: 1,
    runId: null,
    eventType: null,
    sent: false,
    at,
  });
  await sys.store
    .em()
    .insertMany(WebhookDelivery, [
      row('old-rejected', 'rejected', old),
      row('old-accepted', 'accepted', old),
      row('new-rejected', 'rejected', new Date()),
      row('orphan', 'rejected', new Date(), 'trg_gone'),
    ]);
  t.equal(await deliveriesOf(sys.store).prune(new Date()), 2);
  t.same(
    (await sys.store.em().find(WebhookDelivery, {}, { orderBy: { id: 'asc' } })).map((r) => r.id),
    ['new-rejected', 'old-accepted'],
    'accepted rows outlive rejections; orphans go',
  );
  await auditOutbox(t, sys);
});

/** Concurrent accepted deliveries (one group-committed batch or a few) mixed with copies of one
 * delivery: one audit row per accepted delivery and none for a duplicate, every row flagged
 * published once its event is stored (by a later insert or alone), each event carrying its
 * row's data. */
async function auditOutbox(t: Test, sys: TestSystem): Promise<void> {
  await saveFlow(sys.store, 'auditf', 'webhook');
  const m = await mint(sys.url, { flowId: 'auditf' });
  const events: unknown[] = [];
  const sub = await sys.bus.tail('WebhookDelivery', (e) => {
    events.push(e.data);
  });
  const copy = svcHeaders(m.secret, '{"copy":true}', { key: 'one-delivery' });
  const all = await Promise.all(
    Array.from({ length: 30 }, (_, i) =>
      i % 3 === 2
        ? post(`${sys.url}/hooks/${m.trigger.id}`, '{"copy":true}', copy)
        : post(`${sys.url}/hooks/${m.trigger.id}`, `{"i":${i}}`, svcHeaders(m.secret, `{"i":${i}}`)),
    ),
  );
  const copies = all.filter((_, i) => i % 3 === 2);
  t.same(
    copies.map((r) => r.status).sort(),
    [200, 200, 200, 200, 200, 200, 200, 200, 200, 202],
    'ten copies of one delivery: one accepted',
  );
  t.ok(
    copies.filter((r) => r.status === 200).every((r) => r.body.duplicate === true),
    'the others are duplicates',
  );
  const replies = all.filter((r) => r.status === 202);
  t.equal(replies.length, 21, '20 distinct deliveries and one copy accepted');
  const mine = async () => {
    const em = sys.store.em().fork();
    const owed = new Set((await em.find(AuditOutbox, {})).map((r) => String(r.id)));
    return (await em.find(AuditEvent, { type: 'WebhookDelivery' }))
      .filter((r) => (r.data as { triggerId?: string }).triggerId === m.trigger.id)
      .map((r) => ({ ...r, published: !owed.has(String(r.id)) }));
  };
  await until(
    'published rows and events',
    async () =>
      (await mine()).filter((r) => r.published).length === 21 &&
      events.filter((e) => (e as { triggerId: string }).triggerId === m.trigger.id).length === 21,
  );
  const rows = await mine();
  t.equal(rows.length, 21, 'no audit row for a duplicate');
  t.equal(new Set(rows.map((r) => String(r.id))).size, 21, 'one row per accepted delivery');
  t.same(new Set(rows.map((r) => (r.data as { runId: string }).runId)), new Set(replies.map((r) => r.body.runId)), 'each names its run');
  // Flags ride in the next insert; a delivery with none after it must still get its flag.
  const alone = await post(`${sys.url}/hooks/${m.trigger.id}`, '{"alone":true}', svcHeaders(m.secret, '{"alone":true}'));
  t.equal(alone.status, 202);
  await until('the lone delivery flagged', async () => (await mine()).filter((r) => r.published).length === 22);
  t.equal((await mine()).length, 22);
  await sub.unsubscribe();
}
