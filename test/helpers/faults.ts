/**
 * Shared by test/e2e/faults/*: the promise "a side effect never runs twice" under faults, on JetStream + PostgreSQL with real
 * `svc worker` processes. A flow of three connector calls (a: not idempotent, b: idempotent, c:
 * not idempotent) is driven through every fault point of kernel/faults.ts, for every way a run
 * changes hands (takeover.ts): a redelivered start, the recovery sweep, a worker re-entering its
 * own run after a failed write, a parent taking over its child, a resumed run. A local server
 * counts the calls per run. For every run: a non-idempotent call happened at most once, and a
 * run whose non-idempotent call may have happened without its boundary ended
 * `flow_step_interrupted`, naming the step and the attempt key.
 */
import type { Test } from 'tap';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { claimReal, dropStreams } from './system.js';
import { uniqueName } from './services.js';
import { pollFor } from './poll.js';
import { pgQuery } from './store-engines.js';
import { startSvc } from './process.js';
import { createJetStreamBus, names, type Bus } from '../../bus/index.js';
import { createLogger } from '../../runtime/log.js';

export type Point =
  'attempt.before-open' | 'attempt.opened' | 'effect.returned' | 'boundary.before-commit' | 'boundary.committed' | 'ack.before';
export const POINTS: Point[] = [
  'attempt.before-open',
  'attempt.opened',
  'effect.returned',
  'boundary.before-commit',
  'boundary.committed',
  'ack.before',
];

/** Counts connector calls by key; every call is answered after a short delay, as a real API would. */
/** A local side-effect server that counts the calls it gets per `key`, answering each after `delayMs()`. */
export async function counter(
  t: Test,
  delayMs: () => number = () => 20,
): Promise<{ port: number; count(key: string): number; counts: ReadonlyMap<string, number> }> {
  const counts = new Map<string, number>();
  const srv = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const key = (JSON.parse(body || '{}') as { key?: string }).key ?? '';
      counts.set(key, (counts.get(key) ?? 0) + 1);
      setTimeout(() => {
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      }, delayMs());
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  t.teardown(() => new Promise<void>((r) => srv.close(() => r())));
  return { port: (srv.address() as AddressInfo).port, count: (key) => counts.get(key) ?? 0, counts };
}

/** The three-call flow of scenario `sc`; step ids carry the scenario so a fault names one run. */
export function flowOf(sc: string, opts: { wait?: boolean } = {}) {
  const call = (s: string, idempotent = false) => ({
    id: `${s}_${sc}`,
    kind: 'tool',
    tool: 'side.effect',
    args: { key: `${sc}/${s}` },
    ...(idempotent ? { idempotent } : {}),
  });
  return { id: `f-${sc}`, steps: [...(opts.wait ? [{ id: 'w', kind: 'wait', for: 'human' }] : []), call('a'), call('b', true), call('c')] };
}

export interface Setup {
  env: Record<string, string>;
  schema: string;
  bus: Bus;
  side: Awaited<ReturnType<typeof counter>>;
}

export async function setup(t: Test): Promise<Setup> {
  const side = await counter(t);
  const { prefix, schema, env: real } = claimReal(t);
  const env = {
    ...real,
    LOG_LEVEL: 'info',
    SVC_CONNECTORS: JSON.stringify([
      { id: 'side', baseUrl: `http://127.0.0.1:${side.port}`, routes: { effect: { method: 'POST', path: '/effect' } } },
    ]),
  };
  const bus = createJetStreamBus({ servers: real.NATS_URL!, names: names(prefix), log: createLogger('silent') });
  t.teardown(() => bus.close());
  return { env, schema, bus, side };
}

export async function runRow(s: Setup, runId: string): Promise<any> {
  return (await pgQuery(`select status, error_code, error_message from "${s.schema}".flow_run where id = $1`, [runId]))[0];
}

export async function settled(s: Setup, runId: string, timeoutMs = 60_000): Promise<any> {
  return pollFor(
    `run ${runId} to settle`,
    async () => {
      const r = await runRow(s, runId);
      return r && r.status !== 'running' ? r : undefined;
    },
    { timeoutMs, everyMs: 150 },
  );
}

/** The run's row once it has ended (completed, error or cancelled), past any park. */
export async function ended(s: Setup, runId: string, timeoutMs = 60_000): Promise<any> {
  return pollFor(
    `run ${runId} to end`,
    async () => {
      const r = await runRow(s, runId);
      return r && ['completed', 'error', 'cancelled'].includes(r.status) ? r : undefined;
    },
    { timeoutMs, everyMs: 150 },
  );
}

export async function attempts(s: Setup, runId: string): Promise<any[]> {
  return pgQuery(`select key, step_id, outcome, closed_at from "${s.schema}".flow_attempt where run_id = $1 order by opened_at`, [runId]);
}

export const start = (s: Setup, sc: string, flow: unknown) =>
  s.bus.send('run', 'start', { runId: `run-${sc}`, flow, principal: 'operator', operator: true }, { msgId: `start-${sc}` });

/**
 * What must hold for a run whose step `target` met a fault at `point`: the counts of the three
 * calls and how the run ended.
 */
export async function check(t: Test, s: Setup, sc: string, point: Point, target: 'a' | 'b'): Promise<void> {
  const runId = `run-${sc}`;
  const row = await settled(s, runId);
  const n = (x: string) => s.side.count(`${sc}/${x}`);
  const label = `${sc}`;
  t.ok(n('a') <= 1 && n('c') <= 1, `${label}: no non-idempotent call ran twice (a=${n('a')}, c=${n('c')})`);
  const open = (await attempts(s, runId)).filter((a) => a.closed_at === null);
  t.same(open, [], `${label}: no attempt left open`);
  // A fault between an attempt's open and its boundary leaves the call's fate unknown.
  const unknown = ['attempt.opened', 'effect.returned', 'boundary.before-commit'].includes(point);
  if (target === 'a' && unknown) {
    t.equal(row.status, 'error', `${label}: failed closed`);
    t.equal(row.error_code, 'flow_step_interrupted', `${label}: flow_step_interrupted`);
    const interrupted = (await attempts(s, runId)).find((a) => a.outcome === 'interrupted');
    t.match(
      row.error_message,
      `step a_${sc} was interrupted inside a side effect (attempt ${interrupted?.key})`,
      `${label}: names the step and the attempt key`,
    );
    t.equal(n('b') + n('c'), 0, `${label}: nothing after it ran`);
    t.equal(n('a'), point === 'attempt.opened' ? 0 : 1, `${label}: the call ran as far as the fault let it`);
  } else {
    t.equal(row.status, 'completed', `${label}: completed`);
    t.same([n('a'), n('c')], [1, 1], `${label}: each non-idempotent call once`);
    t.ok(n('b') >= 1 && n('b') <= (target === 'b' && unknown ? 2 : 1), `${label}: the idempotent call at most retried once (b=${n('b')})`);
  }
}

export const faultOf = (point: Point, sc: string, target: 'a' | 'b') =>
  `${point}:${point === 'ack.before' ? 'run.start' : `${target}_${sc}`}`;

export type CrashTakeover = 'redelivered start' | 'recovery sweep';

/**
 * The crash paths: at every point the worker kills itself with SIGKILL, and a fresh worker takes
 * the run over, either through the start JetStream redelivers (ack wait shorter than the test) or
 * through the recovery sweep (the redelivery comes far too late to matter). Each path is its own
 * test file so tap runs them side by side.
 */
export async function crashAtEveryPoint(t: Test, path: CrashTakeover): Promise<void> {
  const s = await setup(t);
  const timing =
    path === 'redelivered start'
      ? { SVC_RUN_LEASE_MS: '3000', SVC_ACK_WAIT_MS: '5000', SVC_CLOCK_TICK_MS: '600000' }
      : { SVC_RUN_LEASE_MS: '1000', SVC_ACK_WAIT_MS: '600000', SVC_CLOCK_TICK_MS: '300' };
  const actors = path === 'redelivered start' ? 'run' : 'run,clock';
  const cases = [...POINTS.map((p) => ({ p, target: 'a' as const })), { p: 'effect.returned' as Point, target: 'b' as const }];
  const one = async (c: (typeof cases)[number], on: Setup) => {
    const sc = `${path === 'redelivered start' ? 'rd' : 'sw'}-${c.p.replace('.', '-')}-${c.target}`;
    const victim = await startSvc(t, ['worker', '--actors', actors], {
      ...on.env,
      ...timing,
      SVC_FAULTS: `${faultOf(c.p, sc, c.target)}=crash`,
    });
    await start(on, sc, flowOf(sc));
    t.match(await victim.exited(), { signal: 'SIGKILL' }, `${sc}: the worker crashed at ${c.p}`);
    const heir = await startSvc(t, ['worker', '--actors', actors], { ...on.env, ...timing });
    await check(t, on, sc, c.p, c.target);
    heir.proc.kill('SIGTERM');
    await heir.exited();
  };
  if (path === 'recovery sweep') {
    // One after another: a sweeping heir takes over any run of its schema whose lease ran out,
    // so a case running beside another could have its run taken before its own worker crashes.
    for (const c of cases) await one(c, s);
    return;
  }
  // A redelivered start reaches only the workers of its own command stream: each case gets its
  // own bus prefix (the schema is shared; run ids differ), and most of a case is waiting out the
  // ack wait, so cases run a few at a time.
  const own = async (): Promise<Setup> => {
    const prefix = uniqueName('t');
    t.teardown(() => dropStreams(prefix));
    const bus = createJetStreamBus({ servers: s.env.NATS_URL!, names: names(prefix), log: createLogger('silent') });
    t.teardown(() => bus.close());
    return { ...s, env: { ...s.env, SVC_BUS_PREFIX: prefix }, bus };
  };
  // The first case alone: its worker creates the schema the others then share.
  await one(cases[0]!, await own());
  for (let i = 1; i < cases.length; i += 3) {
    await Promise.all(cases.slice(i, i + 3).map(async (c) => one(c, await own())));
  }
}
