/**
 * Worker processes on JetStream + PostgreSQL, started as `svc worker` would be: the minute
 * clock is claimed exactly once per window across replicas, and SIGTERM loses no accepted work.
 */
import t, { type Test } from 'tap';
import { pino } from 'pino';
import { startSvc } from '../helpers/process.js';
import { skipUnless, TEST_NATS_URL } from '../helpers/services.js';
import { claimReal } from '../helpers/system.js';

/** The real servers these tests claim; absent, the tests skip and say why (CI fails instead). */
const realSkip = (await skipUnless('postgres', 'nats')) ?? false;
import { createBus, names } from '../../bus/index.js';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';

async function fixture(t: Test) {
  const real = claimReal(t);
  const prefix = real.prefix;
  const env = { ...real.env, LOG_LEVEL: 'info' };
  const client = createBus({
    servers: TEST_NATS_URL,
    names: names(prefix),
    log: pino({ level: 'silent' }),
    ackWaitMs: 2000,
    name: 'test-client',
  });
  t.teardown(() => client.close());
  return { env, client, prefix };
}

/** Deliveries the clock actor's durable consumer has made so far (redeliveries included). */
async function clockDeliveries(prefix: string): Promise<number> {
  const nc = await connect({ servers: TEST_NATS_URL });
  try {
    const n = names(prefix);
    return (await (await jetstreamManager(nc)).consumers.info(n.commandStream, n.consumer('clock'))).delivered.consumer_seq;
  } finally {
    await nc.close();
  }
}

t.test('minute clock: exactly one claim per window across 3 worker processes', { skip: realSkip }, async (t) => {
  const { env, client, prefix } = await fixture(t);
  const seen: { window: number; worker: string }[] = [];
  await client.tail('ClockMinute', (evt) => seen.push(evt.data as any));
  const tick = { ...env, SVC_CLOCK_TICK_MS: '400' };
  // Start the first worker alone so streams and the schema exist before the others race in.
  const workers = [await startSvc(t, ['worker'], tick)];
  workers.push(...(await Promise.all([startSvc(t, ['worker'], tick), startSvc(t, ['worker'], tick)])));
  const start = seen.length ? seen[seen.length - 1]!.window : Math.floor(Date.now() / 400);
  // The store claim alone would also keep each window to one ClockMinute; the deliveries show
  // the bus half: three processes publish every window, JetStream stores (and delivers) one.
  const deliveredBefore = await clockDeliveries(prefix);
  const handledBefore = seen.length;
  await new Promise((r) => setTimeout(r, 6000));
  const deliveries = (await clockDeliveries(prefix)) - deliveredBefore;
  const handled = seen.length - handledBefore;
  const end = Math.floor(Date.now() / 400) - 1;
  // The last window closed a moment ago: its tick may still be on its way (published at the next
  // tick, then claimed and reported), so the workers stop only once it has been seen, or after
  // a bound that leaves a window that is really missed to fail below.
  const bound = Date.now() + 10_000;
  while (!seen.some((s) => s.window === end) && Date.now() < bound) await new Promise((r) => setTimeout(r, 50));
  for (const w of workers) w.proc.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited()));

  const windows = seen.map((s) => s.window).filter((w) => w > start && w <= end);
  const counts = new Map<number, number>();
  for (const w of windows) counts.set(w, (counts.get(w) ?? 0) + 1);
  t.ok(counts.size >= 10, `${counts.size} windows observed`);
  t.same(
    [...counts.values()].filter((n) => n !== 1),
    [],
    'no window handled twice',
  );
  for (let w = start + 1; w <= end; w++) t.equal(counts.get(w), 1, `window ${w} handled once`);
  t.ok(new Set(seen.map((s) => s.worker)).size >= 1);
  t.ok(handled >= 10, `${handled} windows handled while counting`);
  // One window may be in flight at either snapshot; three copies per window would be ~3x.
  t.ok(
    deliveries <= handled + 2,
    `${deliveries} clock commands delivered for ${handled} windows: the Nats-Msg-Id dedupe kept one per window`,
  );
});

t.test('SIGTERM drains a worker: every accepted command is answered, none twice', { skip: realSkip }, async (t) => {
  const { env, client } = await fixture(t);
  const a = await startSvc(t, ['worker', '--actors', 'ops'], env);
  const b = await startSvc(t, ['worker', '--actors', 'ops'], env);
  const total = 400;
  const replies: Promise<{ worker: string; note: string }>[] = [];
  for (let i = 0; i < total; i++) {
    replies.push(client.call('ops', 'ping', { note: String(i) }, { timeoutMs: 30_000, msgId: `drain-${i}` }));
    if (i === 100) a.proc.kill('SIGTERM');
  }
  const results = await Promise.all(replies);
  t.equal(results.length, total);
  t.same(new Set(results.map((r) => r.note)).size, total, 'every command answered');
  t.same(await a.exited(), { code: 0, signal: null }, 'the drained worker exits 0');
  const byWorker = new Set(results.map((r) => r.worker));
  t.ok(byWorker.has(b.workerId), 'the surviving worker took the rest');
  b.proc.kill('SIGTERM');
  t.same((await b.exited()).code, 0);
});
