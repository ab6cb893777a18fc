/**
 * Crash recovery on JetStream + PostgreSQL with `svc worker` processes: kill -9 the worker that
 * holds a run in the middle of it. A run whose interrupted step is idempotent finishes on the
 * other worker and no other step runs twice (side effects counted on a connector route served
 * by this test); a run killed inside a non-idempotent side effect fails closed, naming the step
 * and its attempt key.
 */
import t, { type Test } from 'tap';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startSvc, type SvcProcess } from '../helpers/process.js';
import { skipUnless } from '../helpers/services.js';
import { claimReal } from '../helpers/system.js';
import { pollFor } from '../helpers/poll.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;
/** Processes take seconds to take a run over; polling the gateway more often than this only adds load. */
const E2E_POLL = { timeoutMs: 30_000, everyMs: 100 };

interface Side {
  port: number;
  counts: Map<string, number>;
  held: Map<string, ServerResponse>;
  onHold: (key: string) => void;
}

async function sideServer(t: Test): Promise<Side> {
  const side: Side = { port: 0, counts: new Map(), held: new Map(), onHold: () => undefined };
  const srv = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const args = body ? (JSON.parse(body) as { key?: string }) : {};
      const key = `${req.url}:${args.key ?? ''}`;
      const n = (side.counts.get(key) ?? 0) + 1;
      side.counts.set(key, n);
      if (req.url === '/hold' && n === 1) {
        side.held.set(key, res);
        side.onHold(key);
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ ok: true, key, n }));
    });
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  t.teardown(() => {
    for (const r of side.held.values()) r.destroy();
    return new Promise<void>((r) => srv.close(() => r()));
  });
  side.port = (srv.address() as AddressInfo).port;
  return side;
}

async function api(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(url + path, {
    method,
    ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  });
  return res.json();
}

t.test('kill -9 mid-run: takeover without repeats, or fail closed on an open attempt', { skip: realSkip, timeout: 120_000 }, async (t) => {
  const side = await sideServer(t);
  const real = claimReal(t);
  const env = {
    ...real.env,
    LOG_LEVEL: 'warn',
    SVC_RUN_LEASE_MS: '2000',
    SVC_CLOCK_TICK_MS: '500',
    SVC_ACK_WAIT_MS: '4000',
    SVC_CONNECTORS: JSON.stringify([
      {
        id: 'side',
        baseUrl: `http://127.0.0.1:${side.port}`,
        routes: { effect: { method: 'POST', path: '/effect' }, hold: { method: 'POST', path: '/hold' } },
      },
    ]),
  };
  const workers: (SvcProcess & { workerId: string })[] = [];
  workers.push(await startSvc(t, ['worker', '--actors', 'run,clock,gate'], { ...env, LOG_LEVEL: 'info' }));
  workers.push(await startSvc(t, ['worker', '--actors', 'run,clock,gate'], { ...env, LOG_LEVEL: 'info' }));
  const gateway = await startSvc(t, ['gateway'], { ...env, LOG_LEVEL: 'info' });
  const url = gateway.url!;
  const fx = (key: string) => ({ kind: 'tool', tool: 'side.effect', args: { key } });

  const killHolder = async (runId: string) => {
    const st = await pollFor(
      'a lease holder',
      async () => (await api(url, 'GET', `/flows/runs/state?runId=${runId}`)).lease?.holder as string | undefined,
      E2E_POLL,
    );
    const victim = workers.find((w) => w.workerId === st);
    if (!victim) throw new Error(`holder ${st} is not one of the workers`);
    victim.proc.kill('SIGKILL');
    await victim.exited();
    workers.splice(workers.indexOf(victim), 1);
    return st;
  };

  // 1. Interrupted inside an idempotent step: the other worker takes over and finishes.
  const held1 = new Promise<string>((r) => {
    side.onHold = r;
  });
  const flow1 = {
    id: 'recover-me',
    steps: [
      { id: 'e1', ...fx('r1-e1') },
      { id: 'e2', ...fx('r1-e2') },
      { id: 'hold', kind: 'tool', tool: 'side.hold', args: { key: 'r1-hold' }, idempotent: true },
      { id: 'e3', ...fx('r1-e3') },
    ],
  };
  const started1 = api(url, 'POST', '/flows/run', { flow: flow1 }).catch(() => undefined);
  await held1;
  const open1 = await api(url, 'GET', '/flows/runs/open');
  const run1 = open1.runs.find((r: any) => r.flowId === 'recover-me').id as string;
  const dead1 = await killHolder(run1);
  const done1 = await pollFor(
    'run 1 to end',
    async () => {
      const st = await api(url, 'GET', `/flows/runs/state?runId=${run1}`);
      return st.run.status === 'running' ? undefined : st;
    },
    E2E_POLL,
  );
  void started1; // the gateway's wait died with the worker; the run's end is read from the store
  t.equal(done1.run.status, 'completed', 'the run finished on the surviving worker');
  t.equal(side.counts.get('/effect:r1-e1'), 1, 'e1 ran once');
  t.equal(side.counts.get('/effect:r1-e2'), 1, 'e2 ran once');
  t.equal(side.counts.get('/effect:r1-e3'), 1, 'e3 ran once');
  t.equal(side.counts.get('/hold:r1-hold'), 2, 'the idempotent step was retried after the crash');
  t.same(
    done1.run.steps.map((s: any) => s.stepId),
    ['e1', 'e2', 'hold', 'e3'],
    'no step appears twice in the trace',
  );
  const abandoned = done1.attempts.filter((a: any) => a.outcome === 'abandoned');
  t.equal(abandoned.length, 1);
  t.equal(abandoned[0].worker, dead1, "the dead worker's attempt was abandoned");
  t.not(done1.attempts.find((a: any) => a.stepId === 'e3').worker, dead1, 'e3 ran on the other worker');
  t.same(
    done1.checkpoints.map((c: any) => c.seq),
    [1, 2, 3, 4],
    'one checkpoint per step, none written twice',
  );

  // 2. Interrupted inside a non-idempotent side effect: fails closed.
  workers.push(await startSvc(t, ['worker', '--actors', 'run,clock,gate'], { ...env, LOG_LEVEL: 'info' }));
  const held2 = new Promise<string>((r) => {
    side.onHold = r;
  });
  const flow2 = {
    id: 'fail-closed',
    steps: [
      { id: 'e1', ...fx('r2-e1') },
      { id: 'pay', kind: 'tool', tool: 'side.hold', args: { key: 'r2-pay' } },
      { id: 'e3', ...fx('r2-e3') },
    ],
  };
  const started2 = api(url, 'POST', '/flows/run', { flow: flow2 }).catch(() => undefined);
  await held2;
  const open2 = await api(url, 'GET', '/flows/runs/open');
  const run2 = open2.runs.find((r: any) => r.flowId === 'fail-closed').id as string;
  await killHolder(run2);
  const done2 = await pollFor(
    'run 2 to end',
    async () => {
      const st = await api(url, 'GET', `/flows/runs/state?runId=${run2}`);
      return st.run.status === 'running' ? undefined : st;
    },
    E2E_POLL,
  );
  void started2;
  t.equal(done2.run.status, 'error');
  t.equal(done2.run.error.code, 'flow_step_interrupted');
  const attempt = done2.attempts.find((a: any) => a.stepId === 'pay');
  t.equal(attempt.outcome, 'interrupted');
  t.match(done2.run.error.message, `step pay was interrupted inside a side effect (attempt ${attempt.key})`);
  t.equal(side.counts.get('/hold:r2-pay'), 1, 'the side effect was not repeated');
  t.equal(side.counts.get('/effect:r2-e3'), undefined, 'nothing after it ran');
  t.equal(side.counts.get('/effect:r2-e1'), 1);
});
