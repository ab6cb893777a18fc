/**
 * A poison command: a run whose idempotent step kills its worker (kill -9 at `effect.returned`)
 * on every attempt. After exactly SVC_POISON_DELIVERIES deliveries lost that way its start is
 * dead-lettered as `poison` and not run again (the step's calls are counted), while other runs
 * go on through the workers left; what the operator sees is checked (GET /dlq names the verb and
 * the count, the worker's `poisoned` counter); and once the fault is gone, a replay through
 * POST /dlq/replay runs the run once to its end.
 */
import t from 'tap';
import { skipUnless } from '../../helpers/services.js';
import { ended, flowOf, setup, start, type Setup } from '../../helpers/faults.js';
import { startSvc, type SvcProcess } from '../../helpers/process.js';
import { json } from '../../helpers/triggers.js';
import { pollFor, until } from '../../helpers/poll.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

const LIMIT = 2;
// The ack wait outlasts the lease, so a redelivered start finds its dead holder's lease expired
// and takes the run over (a start finding a live lease leaves the run to its holder).
const TIMING = {
  SVC_RUN_LEASE_MS: '1000',
  SVC_ACK_WAIT_MS: '2000',
  SVC_CLOCK_TICK_MS: '600000',
  SVC_POISON_DELIVERIES: String(LIMIT),
  SVC_WORKER_HEALTH_PORT: '0',
  SVC_METRICS_PUBLIC: '1',
};

/** Nothing left for the run actor to deliver: no command waiting and none in a worker's hands. */
const idle = (s: Setup) =>
  until(
    'the run consumer to be idle',
    async () => {
      const lag = (await s.bus.lag!()).run;
      return lag !== undefined && lag.pending === 0 && lag.ackPending === 0;
    },
    { timeoutMs: 20_000, everyMs: 100 },
  );

t.test(
  'a command that kills its worker every time is dead-lettered as poison, then replayed',
  { skip: realSkip, timeout: 120_000 },
  async (t) => {
    const s = await setup(t);
    const sc = 'poison';
    const runId = `run-${sc}`;
    const calls = (step: string) => s.side.count(`${sc}/${step}`);
    const env = { ...s.env, ...TIMING };
    const faulty = { ...env, SVC_FAULTS: `effect.returned:b_${sc}=crash` };

    // Every worker is up before the run exists, so none of them finds it at boot (boot recovery).
    const [gateway, ...workers] = await Promise.all([
      startSvc(t, ['gateway'], env),
      ...Array.from({ length: LIMIT + 1 }, () => startSvc(t, ['worker', '--actors', 'run'], faulty)),
    ]);
    const dead = new Set<SvcProcess>();
    const deaths = workers.map((w) =>
      w.exited().then((x) => {
        dead.add(w);
        return x;
      }),
    );
    const nextDeath = async (): Promise<void> => {
      const before = dead.size;
      const exit = await Promise.race(deaths.filter((_, i) => !dead.has(workers[i]!)));
      t.equal(dead.size, before + 1, 'one more worker died');
      t.equal(exit.signal, 'SIGKILL', 'killed at the fault point');
    };

    const ordinary = async (name: string): Promise<void> => {
      await start(s, name, flowOf(name));
      const row = await ended(s, `run-${name}`, 20_000);
      t.equal(row.status, 'completed', `${name}: an ordinary run completes meanwhile`);
      t.same([s.side.count(`${name}/a`), s.side.count(`${name}/c`)], [1, 1], `${name}: its calls ran once`);
    };

    await start(s, sc, flowOf(sc));
    for (let lost = 1; lost <= LIMIT; lost++) {
      await nextDeath();
      t.equal(calls('b'), lost, `delivery ${lost} ran the step and killed its worker`);
      await ordinary(`ok-${lost}`);
    }

    const letter = await pollFor(
      'the poison dead letter',
      async () =>
        ((await json(`${gateway.url}/dlq`, 'GET')).body?.deadLetters as any[] | undefined)?.find((d) => d.payload?.runId === runId),
      { timeoutMs: 20_000, everyMs: 100 },
    );
    t.match(
      letter,
      { actor: 'run', verb: 'start', deliveries: LIMIT + 1, msgId: `start-${sc}`, error: { error: 'poison' } },
      'GET /dlq: the start, as poison, with its delivery count',
    );
    t.match(
      letter.error.message,
      `run.start died or stalled on ${LIMIT} of its ${LIMIT + 1} deliveries (limit ${LIMIT})`,
      'the reason names the verb and the count',
    );

    await idle(s);
    t.equal(calls('b'), LIMIT, 'not run again once poison: the step ran exactly SVC_POISON_DELIVERIES times');
    t.equal(calls('a'), 1, 'the step before it ran once');
    t.equal(calls('c'), 0, 'the step after it never ran');
    const survivor = workers.find((w) => !dead.has(w))!;
    t.equal(dead.size, LIMIT, 'the worker that took the last delivery is alive');
    await ordinary('ok-after');

    const metrics = await (await fetch(`${(await survivor.waitFor((r) => r.msg === 'svc started')).healthUrl}/metrics`)).text();
    t.match(metrics, /^svc_bus_commands_total\{actor="run",verb="start",event="poisoned"\} 1$/m, 'the worker counts the poisoned command');

    // The fault is lifted: the faulty worker goes, a sound one comes. The run stays where the
    // poison left it until the operator replays the start.
    survivor.proc.kill('SIGTERM');
    await survivor.exited();
    await startSvc(t, ['worker', '--actors', 'run'], env);
    await idle(s);
    t.equal(calls('b'), LIMIT, 'a new worker does not run the poisoned run on its own');

    const replay = await json(`${gateway.url}/dlq/replay`, 'POST', { id: letter.id });
    t.equal(replay.status, 200, 'POST /dlq/replay');
    const row = await ended(s, runId, 20_000);
    t.equal(row.status, 'completed', 'the replayed run completes');
    t.same([calls('a'), calls('b'), calls('c')], [1, LIMIT + 1, 1], 'the replay ran the poisoned step once more and the rest once');
    const after = (await json(`${gateway.url}/dlq`, 'GET')).body.deadLetters as any[];
    t.same(
      after.filter((d) => d.payload?.runId === runId),
      [],
      'the dead letter is gone once replayed',
    );
  },
);
