/**
 * What the accept path asks of the store when deliveries arrive together, on real JetStream and
 * PostgreSQL: a gateway on its own (the worker, another process role here, is not counted), N
 * signed deliveries posted at once, some of them late copies of keys the delivery log already
 * holds (accepted long ago, past any duplicate window: their commands are not in the stream).
 * The gateway holds the trigger it read for its lease (ingress/trigger-cache.ts), so a burst
 * reads it at most a couple of times. Its ledger filter (ingress/ledger-filter.ts) rules out the
 * fresh keys, so the ledger is read only for the keys it holds, and concurrent deliveries share
 * those reads (made alongside the sends): beside the trigger reads, fewer than one store statement per
 * ten deliveries, and
 * none that writes the log for an accepted delivery (the worker does). The late copies are
 * answered 200 `{duplicate: true}`, the rest 202.
 */
import t from 'tap';
import { randomUUID } from 'node:crypto';
import { claimReal, startSystem } from '../../helpers/system.js';
import { skipUnless } from '../../helpers/services.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { mint, post, saveFlow, svcHeaders } from '../../helpers/triggers.js';
import { isFilterRead, ledgerKeysAsked, recordStatements } from '../../helpers/pg-statements.js';
import { until } from '../../helpers/poll.js';
import { TRIGGER_LEASE_MS } from '../../../store/triggers/lease.js';

const N = 120;
const LATE = 30;

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
  // Every statement from now on; the gateway's ledger filter reads what was committed since its
  // last read every quarter second: two reads begun after the insert mean one ended after it.
  const statements = recordStatements(gw.store, 50);
  const filterReads = () => statements.filter((s) => s.text.includes('pg_current_snapshot')).length;
  await until('the ledger filter read the rows', () => filterReads() >= 2, { timeoutMs: 20_000 });
  for (let i = 0; i < 3; i++) t.equal((await post(hook, raw, svcHeaders(m.secret, raw))).status, 202, 'a warm-up delivery');

  const from = statements.length;
  const keys = [...Array.from({ length: N - LATE }, () => randomUUID()), ...Array.from({ length: LATE }, (_, i) => `held-${i * 100 + 1}`)];
  const began = performance.now();
  const answers = await Promise.all(keys.map((key) => post(hook, raw, svcHeaders(m.secret, raw, { key }))));
  // The rate limits' shared counts (rate_window) are flushed on their own timer, once per key per
  // window and then every 200 ms, not per delivery (test/integration/ops/rate-limit.test.ts holds
  // them); the filter's reads are timed too.
  const timed = statements.slice(from).filter((s) => !s.text.includes('rate_window'));
  const during = timed.filter((s) => !isFilterRead(s));
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
  const triggerReads = during.filter((s) => s.text.includes('webhook_trigger'));
  // Read again in the background at most once per half lease while in use (a loaded machine
  // stretches the burst over seconds), however many deliveries arrive meanwhile.
  const most = 2 + Math.ceil(elapsed / (TRIGGER_LEASE_MS / 2));
  t.ok(
    triggerReads.length <= most,
    `${triggerReads.length} trigger reads for ${N} deliveries over ${Math.round(elapsed)} ms (at most ${most})`,
  );
  const writes = during.filter((s) => /insert into/i.test(s.text));
  t.same(writes, [], 'nothing is written: accepted deliveries and late copies are logged by the worker');
  t.same(
    during.flatMap(ledgerKeysAsked).sort(),
    keys.slice(N - LATE).sort(),
    'the ledger is asked about the keys it holds, once each, and about no fresh key (the filter rules them out)',
  );
  t.ok(during.length > 0, 'the ledger was read');
  t.ok(during.length <= N / 4, `${during.length} store statements for ${N} deliveries: fewer than one per four`);
  // Beside the trigger reads, timed by the lease, a statement only for deliveries the filter could not rule out.
  const others = during.length - triggerReads.length;
  t.ok(others <= LATE / 3, `${others} other statements for ${N} deliveries, ${LATE} of them late copies: fewer than one per ten`);
  const reads = timed.length - during.length;
  t.ok(reads <= 2 + elapsed / 200, `${reads} reads of the filter over ${Math.round(elapsed)} ms: by time, not by delivery`);
});
