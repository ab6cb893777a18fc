/**
 * A side effect never runs twice (test/helpers/faults.ts) under load, with no injected fault:
 * two workers drive 150 runs (twelve clients, each starting the next run when its last one answers) of the three-call flow (a: not idempotent, b: idempotent, c: not
 * idempotent; each call 50-150 ms), and a worker holding runs is killed -9 three times and
 * replaced. The ack wait is shorter than the lease, so redelivered starts race the recovery
 * sweep for the same runs, as they did when this was first seen. Every run ends; no
 * non-idempotent call ran twice; a run that failed did so closed, with flow_step_interrupted.
 */
import t from 'tap';
import { startSvc, type SvcProcess } from '../../helpers/process.js';
import { skipUnless } from '../../helpers/services.js';
import { claimReal } from '../../helpers/system.js';
import { until } from '../../helpers/poll.js';
import { pgQuery } from '../../helpers/store-engines.js';
import { counter, flowOf } from '../../helpers/faults.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('kill -9 of real workers under load: no non-idempotent call twice', { skip: realSkip, timeout: 280_000 }, async (t) => {
  const { port, counts } = await counter(t, () => 50 + Math.floor(Math.random() * 100));
  const { schema, env: real } = claimReal(t);
  const env = {
    ...real,
    LOG_LEVEL: 'info',
    SVC_RUN_LEASE_MS: '2000',
    SVC_ACK_WAIT_MS: '1500',
    SVC_CLOCK_TICK_MS: '1000',
    SVC_CONNECTORS: JSON.stringify([
      {
        id: 'side',
        baseUrl: `http://127.0.0.1:${port}`,
        routes: { effect: { method: 'POST', path: '/effect' } },
      },
    ]),
  };
  const workers: SvcProcess[] = [];
  const worker = async () => {
    workers.push(await startSvc(t, ['worker', '--actors', 'run,clock'], env));
  };
  await worker();
  await worker();
  const gateway = await startSvc(t, ['gateway'], env);
  const N = 150;
  // Twelve clients each start a run and wait for its answer (or a 202 when it takes longer):
  // steady load, so a kill always finds runs in flight.
  let next = 0;
  const lane = async () => {
    while (next < N) {
      const i = next++;
      await fetch(`${gateway.url}/flows/run`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ flow: flowOf(`load${i}`) }),
      }).catch(() => undefined);
    }
  };
  const lanes = Promise.all(Array.from({ length: 12 }, lane));
  const open = async () =>
    Number((await pgQuery<{ n: string }>(`select count(*) as n from "${schema}".flow_run where status = 'running'`))[0]!.n);
  for (const at of [30, 70, 110]) {
    await until(`run ${at} started`, () => next >= at, { timeoutMs: 120_000, everyMs: 20 });
    const victim = workers.shift()!;
    victim.proc.kill('SIGKILL');
    await victim.exited();
    await worker();
  }
  await lanes;
  const total = async () => Number((await pgQuery<{ n: string }>(`select count(*) as n from "${schema}".flow_run`))[0]!.n);
  await until(`${N} runs stored`, async () => (await total()) >= N, { timeoutMs: 120_000, everyMs: 500 });
  await until('every run to end', async () => (await open()) === 0, { timeoutMs: 120_000, everyMs: 500 });
  const rows = await pgQuery<{ id: string; status: string; error_code: string | null; flow_id: string }>(
    `select id, status, error_code, flow_id from "${schema}".flow_run`,
  );
  const twice = [...counts.entries()].filter(([k, n]) => !k.endsWith('/b') && n > 1);
  t.same(twice, [], 'no non-idempotent call ran twice');
  const bad = rows.filter((r) => !(r.status === 'completed' || (r.status === 'error' && r.error_code === 'flow_step_interrupted')));
  t.same(bad, [], 'every run completed or failed closed');
  const interrupted = rows.filter((r) => r.status === 'error').length;
  t.ok(rows.length === N, `${N} runs (${rows.length - interrupted} completed, ${interrupted} failed closed)`);
  t.comment(
    `kill -9 x3 under load: ${rows.length - interrupted} completed, ${interrupted} flow_step_interrupted, repeated non-idempotent calls: ${twice.length}`,
  );
});
