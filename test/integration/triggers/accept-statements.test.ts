/**
 * What the accept path asks of the store when deliveries arrive together, on real JetStream and
 * PostgreSQL: a gateway on its own (the worker, another process role here, is not counted), N
 * signed deliveries posted at once, some of them late copies of keys the delivery log already
 * holds (accepted long ago, past any duplicate window: their commands are not in the stream).
 * The gateway holds the trigger it read for its lease (ingress/trigger-cache.ts), so a burst
 * reads it at most a couple of times, and concurrent deliveries share their ledger reads (made
 * alongside the sends): fewer than one store statement per four deliveries, and none that writes
 * the log for an accepted delivery (the worker does). The late copies are answered 200
 * `{duplicate: true}`, the rest 202.
 */
import t from 'tap';
import { randomUUID } from 'node:crypto';
import type { AbstractSqlConnection } from '@mikro-orm/knex';
import { claimReal, startSystem } from '../../helpers/system.js';
import { skipUnless } from '../../helpers/services.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { mint, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';
import type { Store } from '../../../store/types.js';
import { TRIGGER_LEASE_MS } from '../../../store/triggers/lease.js';

const N = 120;
const LATE = 30;

/**
 * Every statement the store's connections are handed from now on (the ORM's and the raw ones
 * alike), by its text, each held `delayMs` before it is sent, as a loaded database would answer:
 * on an idle machine a read returns before the next delivery arrives, and nothing would show
 * whether deliveries that arrive during a read share the next one.
 */
function recordStatements(store: Store, delayMs: number): string[] {
  const client = (store.orm.em.getConnection() as unknown as AbstractSqlConnection).getKnex().client as {
    acquireConnection(): Promise<{ query: (...args: unknown[]) => unknown }>;
  };
  const acquire = client.acquireConnection.bind(client);
  const texts: string[] = [];
  const seen = new WeakSet<object>();
  client.acquireConnection = async () => {
    const c = await acquire();
    if (!seen.has(c)) {
      seen.add(c);
      const query = c.query.bind(c);
      c.query = (...args: unknown[]) => {
        const q = args[0] as string | { text?: string };
        texts.push(typeof q === 'string' ? q : (q.text ?? ''));
        return new Promise((r) => setTimeout(r, delayMs)).then(() => query(...args));
      };
    }
    return c;
  };
  return texts;
}

const skip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('N deliveries at once: the trigger held, ledger reads shared', { skip }, async (t) => {
  const real = claimReal(t);
  const shared = {
    nats: { prefix: real.prefix },
    postgres: { schema: real.schema },
    env: { SVC_SESSION_KEY: 'e'.repeat(64), LOG_LEVEL: 'warn' },
  };
  // The worker first: it migrates the schema and creates the streams.
  const worker = await startSystem(t, { ...shared, role: 'worker' });
  const gw = await startSystem(t, { ...shared, role: 'gateway' });
  await saveFlow(worker.store, 'wf', 'webhook');
  const m = await mint(gw.url, { flowId: 'wf' });
  const hook = `${gw.url}/hooks/${m.trigger.id}`;
  const raw = '{"n":1}';

  // A log that has seen traffic: accepted rows, among them the keys the late copies carry.
  await pgQuery(
    `insert into "${real.schema}".webhook_delivery (id, trigger_id, delivery_key, status, reason, bytes, run_id, event_type, sent, at)
     select gen_random_uuid()::text, $1, 'held-' || g, 'accepted', null, 7, 'run-wh-held-' || g, null, true, now() - interval '1 day'
     from generate_series(1, 5000) g`,
    [m.trigger.id],
  );
  for (let i = 0; i < 3; i++) t.equal((await post(hook, raw, svcHeaders(m.secret, raw))).status, 202, 'a warm-up delivery');

  const statements = recordStatements(gw.store, 50);
  const keys = [...Array.from({ length: N - LATE }, () => randomUUID()), ...Array.from({ length: LATE }, (_, i) => `held-${i * 100 + 1}`)];
  const began = performance.now();
  const answers = await Promise.all(keys.map((key) => post(hook, raw, svcHeaders(m.secret, raw, { key }))));
  // The rate limits' shared counts (rate_window) are flushed on their own timer, once per key per
  // window and then every 200 ms, not per delivery (test/integration/ops/rate-limit.test.ts holds them).
  const during = statements.filter((s) => !s.includes('rate_window'));
  const elapsed = performance.now() - began;

  const fresh = answers.slice(0, N - LATE);
  const late = answers.slice(N - LATE);
  t.same(
    fresh.map((a) => a.status),
    fresh.map(() => 202),
    'every new key is accepted',
  );
  t.same(
    late.map((a) => [a.status, a.body]),
    late.map(() => [200, { duplicate: true }]),
    'every key the log holds is a duplicate, however late',
  );
  const triggerReads = during.filter((s) => s.includes('webhook_trigger'));
  // Read again in the background at most once per half lease while in use (a loaded machine
  // stretches the burst over seconds), however many deliveries arrive meanwhile.
  const most = 2 + Math.ceil(elapsed / (TRIGGER_LEASE_MS / 2));
  t.ok(
    triggerReads.length <= most,
    `${triggerReads.length} trigger reads for ${N} deliveries over ${Math.round(elapsed)} ms (at most ${most})`,
  );
  const writes = during.filter((s) => /insert into/i.test(s));
  t.same(writes, [], 'nothing is written: accepted deliveries and late copies are logged by the worker');
  t.ok(during.length > 0, 'the ledger was read');
  t.ok(during.length <= N / 4, `${during.length} store statements for ${N} deliveries: fewer than one per four`);
});
