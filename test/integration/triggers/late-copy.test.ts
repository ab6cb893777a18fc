/**
 * A copy of a webhook delivery sent after the command stream's duplicate window is still a
 * duplicate: 200 `{duplicate: true}`, no run. The stream no longer
 * knows the command's msgId by then; the delivery ledger (webhook_delivery, written by the
 * worker) does. The window is shortened to two seconds (SVC_DUPLICATE_WINDOW_MS) so the test
 * can step past it; real JetStream and PostgreSQL, then the embedded defaults.
 */
import t, { type Test } from 'tap';
import { startSystem, type SystemOptions } from '../../helpers/system.js';
import { mint, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';
import { skipUnless } from '../../helpers/services.js';
import { until } from '../../helpers/poll.js';
import { FlowRun } from '../../../store/entities/FlowRun.js';
import { WebhookDelivery } from '../../../store/entities/WebhookDelivery.js';

const WINDOW_MS = 2000;

async function lateCopy(t: Test, opts: SystemOptions): Promise<void> {
  const sys = await startSystem(t, {
    ...opts,
    env: { SVC_DUPLICATE_WINDOW_MS: String(WINDOW_MS), SVC_SESSION_KEY: 'c'.repeat(64), LOG_LEVEL: 'warn' },
  });
  await saveFlow(sys.store, 'late', 'webhook');
  const m = await mint(sys.url, { flowId: 'late' });
  const hook = `${sys.url}/hooks/${m.trigger.id}`;
  const raw = '{"n":1}';
  const headers = svcHeaders(m.secret, raw, { key: 'delivery-1' });
  const em = () => sys.store.em().fork();
  const rows = (status: string) => em().count(WebhookDelivery, { triggerId: m.trigger.id, status });
  // What the stream answered each run.start the gateway sent: proves the late copy came after the window.
  const acks: boolean[] = [];
  const send = sys.bus.send.bind(sys.bus);
  sys.bus.send = async (actor, verb, payload, o) => {
    const r = await send(actor, verb, payload, o);
    if (actor === 'run') acks.push(r.duplicate);
    return r;
  };

  const first = await post(hook, raw, headers);
  const sentAt = Date.now();
  t.equal(first.status, 202);
  t.match(first.body, { accepted: true, runId: /^run-wh-/ });
  await until('the delivery in the ledger', async () => (await rows('accepted')) === 1);

  const inside = await post(hook, raw, headers);
  t.same([inside.status, inside.body], [200, { duplicate: true }], 'inside the window: the stream says so');

  // A margin past the window: a server need not forget a msg id the instant its window ends.
  await new Promise((r) => setTimeout(r, Math.max(0, sentAt + 2 * WINDOW_MS + 500 - Date.now())));
  const late = await post(hook, raw, headers);
  t.same([late.status, late.body], [200, { duplicate: true }], 'after the window: the ledger says so');
  const later = await post(hook, raw, headers);
  t.same([later.status, later.body], [200, { duplicate: true }], 'and again');
  t.same(acks.slice(0, 3), [false, true, false], "the stream stored the late copy's command again: its window had passed");

  // The late copy's command was stored (the stream had forgotten the msgId): the worker logs it as
  // a duplicate and starts nothing; the copy the stream dropped was logged by the gateway.
  await until('every copy logged as a duplicate', async () => (await rows('duplicate')) === 3);
  await until('the run to end', async () => (await em().count(FlowRun, { id: first.body.runId, status: 'completed' })) === 1);
  await new Promise((r) => setTimeout(r, 300));
  t.equal(await em().count(FlowRun, { flowId: 'late' }), 1, 'exactly one run for the delivery key');
  t.equal(await rows('accepted'), 1, "one accepted row, the first copy's");
  const fresh = await post(hook, raw, svcHeaders(m.secret, raw, { key: 'delivery-2' }));
  t.equal(fresh.status, 202, 'another key is accepted as ever');
}

t.test('JetStream + PostgreSQL', { skip: (await skipUnless('postgres', 'nats')) ?? false }, async (t) => {
  await lateCopy(t, { nats: true, postgres: true });
});

t.test('embedded bus and store', async (t) => {
  await lateCopy(t, {});
});
