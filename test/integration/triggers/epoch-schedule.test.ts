/**
 * The scheduled epoch (SVC_EPOCH_CRON through the epoch sweep) over simulated minutes with an
 * injected clock: every matching minute fires every `trigger: epoch` flow exactly once, tagged
 * `epoch`, and a minute whose epoch failed to send (a bus blip) is released and fired by a later
 * window instead of being lost.
 */
import t from 'tap';
import { startSystem } from '../../helpers/system.js';
import { saveFlow } from '../../helpers/triggers.js';
import type { StartRunCommand } from '../../../schemas/runs.js';
import type { Bus } from '../../../bus/types.js';
import { until } from '../../helpers/poll.js';

t.test('scheduled epoch, injected clock, a failed minute retried', async (t) => {
  // Past 00:00, the one minute the `other` cron flow matches, however fast the system starts.
  const t0 = Date.UTC(2030, 0, 1, 0, 1, 30);
  const real0 = Date.now();
  // One simulated minute per second: the epoch's 10-minute catch-up then spans 10 s of real
  // time, longer than any stall of a loaded machine, so no matching minute is lost for good.
  const now = () => t0 + (Date.now() - real0) * 60;
  const sys = await startSystem(t, {
    actors: ['clock', 'trigger'],
    now,
    env: { SVC_CLOCK_TICK_MS: '100', SVC_EPOCH_CRON: '*/3 * * * *', LOG_LEVEL: 'warn' },
  });
  await saveFlow(sys.store, 'pulse', 'epoch');
  await saveFlow(sys.store, 'other', 'cron', '0 0 1 1 *');
  const seen: StartRunCommand[] = [];
  await sys.bus.consume('run', {
    start: async (_ctx, p: StartRunCommand) => {
      seen.push(p);
      return {};
    },
  });

  // The first matching minute's run.start fails three times: the epoch must not be lost.
  const firstMatch = Math.ceil((Math.floor(now() / 60_000) + 1) / 3) * 3;
  let failures = 0;
  const send: Bus['send'] = sys.bus.send.bind(sys.bus);
  sys.bus.send = (async (actor, verb, payload, opts) => {
    if (actor === 'run' && (payload as StartRunCommand).runId === `run-epoch-pulse-m${firstMatch}` && failures < 3) {
      failures++;
      throw new Error('nats blip');
    }
    return send(actor, verb, payload, opts);
  }) as Bus['send'];

  const from = Math.floor(now() / 60_000);
  await new Promise((r) => setTimeout(r, 10_000)); // (from, to] then holds three matching minutes
  const to = Math.floor(now() / 60_000) - 1;
  const expected: number[] = [];
  for (let m = from + 1; m <= to; m++) if (m % 3 === 0) expected.push(m);
  // On a loaded machine the windows of the last minutes may still be queued, and a minute the
  // clock skipped is caught up by a later window: wait for every one of them to arrive.
  await until('every matching minute to fire', () => expected.every((m) => seen.some((c) => c.runId === `run-epoch-pulse-m${m}`)), {
    timeoutMs: 60_000,
  });

  t.equal(failures, 3, 'the blip happened');
  const minutes = seen.map((c) => Number(/^run-epoch-pulse-m(\d+)$/.exec(c.runId)?.[1]));
  t.notOk(
    minutes.some((m) => Number.isNaN(m)),
    'only the epoch flow, with run ids from the minute',
  );
  t.ok(
    seen.every((c) => c.trigger === 'epoch'),
    'tagged epoch',
  );
  const counts = new Map<number, number>();
  for (const m of minutes) counts.set(m, (counts.get(m) ?? 0) + 1);
  t.ok(expected.length >= 3, `${expected.length} matching minutes simulated`);
  t.ok(expected.includes(firstMatch), 'the failed minute is in range');
  for (const m of expected) t.equal(counts.get(m), 1, `minute ${new Date(m * 60_000).toISOString()} fired once`);
  t.notOk(
    minutes.some((m) => m % 3 !== 0),
    'no other minute',
  );
});
