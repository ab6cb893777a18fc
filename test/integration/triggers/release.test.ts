/**
 * A `wait` step released by a releaser trigger's delivery, as a user drives it over HTTP with a
 * signed svc delivery: released after it parked, released at once by an event that came first
 * (kept), `timeoutPort` taken when nothing comes, one release from two concurrent deliveries
 * for one wait (on JetStream + PostgreSQL through two replicas), and an event that matches
 * nothing kept, then dropped once SVC_WAIT_BUFFER_MS has passed. Embedded and JetStream +
 * PostgreSQL alike.
 */
import t from 'tap';
import { claimReal, startSystem, type TestSystem } from '../../helpers/system.js';
import { skipUnless } from '../../helpers/services.js';
import { mint, post, svcHeaders, json } from '../../helpers/triggers.js';
import { pollFor } from '../../helpers/poll.js';
import { FlowWait } from '../../../store/entities/FlowWait.js';
import { WaitEvent } from '../../../store/entities/WaitEvent.js';

const OP = 'operator-token-0123456789';
const MIN = 60_000;

const flow = {
  id: 'order',
  steps: [
    { id: 'paid', kind: 'wait', for: 'webhook', key: '{{input.orderId}}', timeoutMs: 10 * MIN, timeoutPort: 'late' },
    { id: 'ship', kind: 'model', prompt: 'ship {{input.orderId}} for {{steps.paid.json.amount}}', next: null },
    { id: 'late', kind: 'model', prompt: 'chase {{input.orderId}}', next: null },
  ],
};

for (const mode of ['embedded', 'jetstream+postgres'] as const) {
  const skip = mode === 'embedded' ? undefined : await skipUnless('nats', 'postgres');
  t.test(`wait steps released by events (${mode})`, { skip: skip ?? false }, async (t) => {
    let offset = 0;
    const now = () => Date.now() + offset;
    const env = {
      SVC_ORCH_TOKEN: OP,
      SVC_CLOCK_TICK_MS: '100',
      SVC_WAIT_BUFFER_MS: String(MIN),
      SVC_SESSION_KEY: '11'.repeat(32),
    };
    const real = mode === 'embedded' ? undefined : claimReal(t);
    const shared = real ? { nats: { prefix: real.prefix }, postgres: { schema: real.schema } } : {};
    const a = await startSystem(t, { now, env, ...shared });
    // A second replica on the same stream and schema (JetStream + PostgreSQL only).
    const b: TestSystem = real ? await startSystem(t, { now, env, ...shared }) : a;
    const op = (url: string, m: string, p: string, body?: unknown) => json(`${url}${p}`, m, body, OP);
    t.equal((await op(a.url, 'POST', '/flows', { flow })).status, 200);
    const minted = await mint(a.url, { flowId: 'order', release: { key: 'order.id' }, input: { fields: { amount: 'order.amount' } } }, OP);
    t.same((minted.trigger as any).release, { key: 'order.id' }, 'the trigger shows it releases');
    const deliver = (sys: TestSystem, order: Record<string, unknown>) => {
      const raw = JSON.stringify({ order });
      return post(`${sys.url}/hooks/${minted.trigger.id}`, raw, svcHeaders(minted.secret, raw));
    };
    const start = async (orderId: string) => {
      const res = await op(a.url, 'POST', '/flows/run', { id: 'order', input: JSON.stringify({ orderId }) });
      t.equal(res.status, 200, res.text.slice(0, 300));
      return res.body;
    };
    const state = async (runId: string) => {
      const s = (await op(a.url, 'GET', `/flows/runs/state?runId=${runId}`)).body;
      return s;
    };
    const ended = (runId: string) =>
      pollFor(`run ${runId} to end`, async () => {
        const s = await state(runId);
        return s.run.status === 'waiting' || s.run.status === 'running' ? undefined : s;
      });

    t.test('an event releases the run parked on its key; its mapped input is the output', async (t) => {
      const run = await start('o-1');
      t.equal(run.status, 'waiting');
      t.match(run.waiting, { reason: 'awaiting_webhook', stepId: 'paid', token: 'o-1' });
      const res = await deliver(a, { id: 'o-1', amount: 42 });
      t.equal(res.status, 202, res.text);
      t.same(res.body, { accepted: true, release: { key: 'o-1' } });
      const s = await ended(run.id);
      t.equal(s.run.status, 'completed');
      t.same(s.outputs.paid.json, { amount: 42 });
      t.same(
        s.run.steps.map((x: any) => `${x.stepId}:${x.status}`),
        ['paid:parked', 'paid:done', 'ship:done'],
      );
      const deliveries = (await op(a.url, 'GET', `/flows/triggers/deliveries?triggerId=${minted.trigger.id}`)).body.deliveries;
      t.match(deliveries[0], { status: 'accepted' }, 'the delivery is logged as accepted');
      t.notOk(deliveries[0].runId, 'a release starts no run of its own');
    });

    t.test('an event that arrives first is kept and releases the wait as it parks', async (t) => {
      t.equal((await deliver(a, { id: 'o-2', amount: 7 })).status, 202);
      await pollFor('the event kept', async () => ((await a.store.em().fork().count(WaitEvent, { key: 'o-2' })) ? true : undefined));
      const run = await start('o-2');
      t.equal(run.status, 'completed', JSON.stringify(run.steps));
      t.same(
        run.steps.map((x: any) => `${x.stepId}:${x.status}`),
        ['paid:done', 'ship:done'],
        'it never parked',
      );
      t.match((await state(run.id)).outputs.paid.json, { amount: 7 });
    });

    t.test('two concurrent events for one wait release it once', async (t) => {
      const run = await start('o-4');
      t.equal(run.status, 'waiting');
      const [r1, r2] = await Promise.all([deliver(a, { id: 'o-4', amount: 1 }), deliver(b, { id: 'o-4', amount: 2 })]);
      t.equal(r1.status, 202);
      t.equal(r2.status, 202);
      const s = await ended(run.id);
      t.equal(s.run.status, 'completed');
      t.equal(s.run.steps.filter((x: any) => x.stepId === 'ship').length, 1, 'the step after the wait ran once');
      const em = a.store.em().fork();
      const events = await pollFor('both events stored', async () => {
        const rows = await em.find(WaitEvent, { key: 'o-4' });
        return rows.length === 2 ? rows : undefined;
      });
      const bound = events.filter((e) => e.waitId !== null);
      t.equal(bound.length, 1, 'one event released the wait; the other is kept');
      const w = await em.findOneOrFail(FlowWait, { runId: run.id });
      t.equal(w.status, 'released');
      t.equal(w.eventId, bound[0]!.id);
      t.same(s.outputs.paid.json, { amount: Number(bound[0]!.input.match(/\d+/)![0]) }, 'the output is the winning event');
    });

    t.test("a cancelled run's wait takes no event; the next wait on the key does", async (t) => {
      const run = await start('o-6');
      t.equal(run.status, 'waiting');
      t.equal((await op(a.url, 'POST', '/flows/runs/cancel', { runId: run.id })).status, 200);
      t.equal((await deliver(a, { id: 'o-6', amount: 6 })).status, 202);
      const kept = await pollFor(
        'the event stored',
        async () => (await a.store.em().fork().findOne(WaitEvent, { key: 'o-6' })) ?? undefined,
      );
      // Time for the release to look for waits (it stores the event first).
      await new Promise((r) => setTimeout(r, 500));
      t.equal((await a.store.em().fork().findOneOrFail(WaitEvent, { id: kept.id })).waitId, null, 'kept, not spent on the cancelled run');
      const next = await start('o-6');
      t.equal(next.status, 'completed', 'the next run waiting on o-6 takes it');
      t.match((await state(next.id)).outputs.paid.json, { amount: 6 });
    });

    t.test('nothing comes: timeoutPort; an unmatched event is kept, then expires', async (t) => {
      t.equal((await deliver(a, { id: 'o-5', amount: 5 })).status, 202);
      await pollFor('the event kept', async () => ((await a.store.em().fork().count(WaitEvent, { key: 'o-5' })) ? true : undefined));
      const run = await start('o-3');
      t.equal(run.status, 'waiting');
      offset += 11 * MIN;
      const s = await ended(run.id);
      t.equal(s.run.status, 'completed');
      t.same(
        s.run.steps.map((x: any) => `${x.stepId}:${x.status}:${x.port ?? ''}`),
        ['paid:parked:', 'paid:done:late', 'late:done:'],
      );
      await pollFor('the expired event dropped', async () =>
        (await a.store.em().fork().count(WaitEvent, { key: 'o-5' })) === 0 ? true : undefined,
      );
      const later = await start('o-5');
      t.equal(later.status, 'waiting', 'an expired event releases nothing');
    });
  });
}
