/**
 * Cron flows with three worker replicas on JetStream + PostgreSQL over simulated minutes: the
 * injected clock runs 150x fast and windows are 100 ms, so many windows (from every replica) map
 * to each simulated minute. Each matching minute must fire exactly once, no other minute ever,
 * and the run id names the flow and the minute.
 */
import t from 'tap';
import { pino } from 'pino';
import { startSystem, dropSchema, dropStreams } from '../../helpers/system.js';
import { skipUnless, TEST_NATS_URL, uniqueName } from '../../helpers/services.js';
import { saveFlow } from '../../helpers/triggers.js';
import { createBus, names } from '../../../bus/index.js';
import { Claim } from '../../../store/entities/Claim.js';
import type { StartRunCommand } from '../../../schemas/runs.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('each matching minute fires exactly once across three workers', { skip: realSkip }, async (t) => {
  const prefix = uniqueName('t');
  const schema = uniqueName('t_');
  t.teardown(() => dropStreams(prefix));
  t.teardown(() => dropSchema(schema));
  const t0 = Date.UTC(2030, 0, 1, 0, 0, 30);
  const real0 = Date.now();
  const now = () => t0 + (Date.now() - real0) * 150; // one simulated minute per 400 ms
  const opts = { role: 'worker' as const, nats: { prefix }, postgres: { schema }, actors: ['clock', 'trigger'] as const, now, env: { SVC_CLOCK_TICK_MS: '100', LOG_LEVEL: 'warn' } };
  const first = await startSystem(t, { ...opts, actors: [...opts.actors] });
  await saveFlow(first.store, 'even', 'cron', '*/2 * * * *');
  await saveFlow(first.store, 'never', 'cron', '0 0 29 2 1');
  const seen: StartRunCommand[] = [];
  const client = createBus({ servers: TEST_NATS_URL, names: names(prefix), log: pino({ level: 'silent' }), ackWaitMs: 5000, name: 'cron-test' });
  await client.start();
  t.teardown(() => client.close());
  await client.consume('run', { start: async (_ctx, p: StartRunCommand) => { seen.push(p); return {}; } });
  await Promise.all([startSystem(t, { ...opts, actors: [...opts.actors] }), startSystem(t, { ...opts, actors: [...opts.actors] })]);
  const from = Math.floor(now() / 60_000);
  await new Promise((r) => setTimeout(r, 8000));
  const to = Math.floor(now() / 60_000) - 1;
  await new Promise((r) => setTimeout(r, 800));

  const minutes = seen.map((c) => Number(/^run-cron-even-(\d+)$/.exec(c.runId)?.[1]));
  t.notOk(minutes.some((m) => Number.isNaN(m)), 'only the matching flow fired');
  t.ok(minutes.every((m) => m % 2 === 0), 'only even minutes');
  const counts = new Map<number, number>();
  for (const m of minutes) counts.set(m, (counts.get(m) ?? 0) + 1);
  t.same([...counts.entries()].filter(([, n]) => n !== 1), [], 'no minute fired twice');
  const expected: number[] = [];
  for (let m = from + 1; m <= to; m++) if (m % 2 === 0) expected.push(m);
  t.ok(expected.length >= 6, `${expected.length} matching minutes simulated`);
  for (const m of expected) t.equal(counts.get(m), 1, `minute ${new Date(m * 60_000).toISOString()} fired once`);
  t.match(seen[0], { flowId: 'even', trigger: 'cron', principal: 'operator' });
  const claims = await first.store.em().count(Claim, { key: { $like: 'cron:even:%' } });
  t.equal(claims, counts.size, 'one durable claim per fired minute');
});
