/**
 * Pause/resume races across two `svc worker` processes on JetStream + PostgreSQL: 100 runs are
 * started, and each is paused and then resumed while the runs are in flight. Every run must end
 * `completed` exactly once: one FlowRun completed audit row per run, and no step checkpointed
 * or executed twice.
 */
import t from 'tap';
import { startSvc } from '../helpers/process.js';
import { skipUnless } from '../helpers/services.js';
import { claimReal } from '../helpers/system.js';
import { pollFor } from '../helpers/poll.js';
import { pgQuery } from '../helpers/store-engines.js';
import { counter } from '../helpers/faults.js';

const realSkip = (await skipUnless('postgres', 'nats')) ?? false;

t.test('100 runs paused and resumed concurrently complete exactly once', { skip: realSkip, timeout: 180_000 }, async (t) => {
  const { port, counts: calls } = await counter(t, () => 40);
  const { schema, env: real } = claimReal(t);
  const env = {
    ...real,
    LOG_LEVEL: 'info',
    SVC_CONNECTORS: JSON.stringify([
      { id: 'side', baseUrl: `http://127.0.0.1:${port}`, routes: { effect: { method: 'POST', path: '/effect' } } },
    ]),
  };
  const w1 = await startSvc(t, ['worker', '--actors', 'run,clock,gate'], env);
  const w2 = await startSvc(t, ['worker', '--actors', 'run,clock,gate'], env);
  const gateway = await startSvc(t, ['gateway'], env);
  const post = async (path: string, body: unknown): Promise<any> => {
    const res = await fetch(gateway.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { http: res.status, body: (await res.json()) as any };
  };
  const N = 100;
  const STEPS = 8;
  const flow = (i: number) => ({
    id: `race-${i}`,
    steps: Array.from({ length: STEPS }, (_, k) => ({ id: `s${k}`, kind: 'tool', tool: 'side.effect', args: { key: `${i}/s${k}` } })),
  });

  const starts = Array.from({ length: N }, (_, i) => post('/flows/run', { flow: flow(i) }));
  // As each run appears, pause it and then resume it while it is (usually) still in flight.
  const handled = new Set<string>();
  const controls: Promise<void>[] = [];
  const control = async (id: string, i: number) => {
    await new Promise((r) => setTimeout(r, (i * 13) % 120));
    const p = await post('/flows/runs/pause', { runId: id, reason: 'race' });
    t.equal(p.http, 200, `pause ${id}`);
    await new Promise((r) => setTimeout(r, (i * 7) % 50));
    const r = await post('/flows/runs/resume', { runId: id });
    t.ok(r.http === 200 || r.http === 202, `resume ${id}`);
  };
  await pollFor(
    'every run to start',
    async () => {
      const rows = await pgQuery<{ id: string }>(`select id from "${schema}".flow_run`);
      for (const { id } of rows)
        if (!handled.has(id)) {
          handled.add(id);
          controls.push(control(id, handled.size));
        }
      return handled.size === N ? true : undefined;
    },
    { timeoutMs: 60_000, everyMs: 100 },
  );
  await Promise.all([...starts, ...controls]);
  const ended = await pollFor(
    'every run to complete',
    async () => {
      const rows = await pgQuery<{ status: string; n: string }>(
        `select status, count(*)::text as n from "${schema}".flow_run group by status`,
      );
      const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
      return byStatus.completed === N ? byStatus : undefined;
    },
    { timeoutMs: 120_000, everyMs: 100 },
  ).catch(async (err) => {
    t.comment(JSON.stringify(await pgQuery(`select status, waiting_reason, count(*) from "${schema}".flow_run group by 1, 2`)));
    throw err;
  });
  t.same(ended, { completed: N }, 'every run completed');
  const audits = await pgQuery<{ run_id: string; n: string }>(
    `select data->>'runId' as run_id, count(*)::text as n from "${schema}".audit_event where type = 'FlowRun' and data->>'status' = 'completed' group by 1`,
  );
  t.equal(audits.length, N, 'one completed FlowRun per run');
  t.same(
    audits.filter((a) => a.n !== '1'),
    [],
    'no run completed twice',
  );
  const cps = await pgQuery<{ n: string }>(`select count(*)::text as n from "${schema}".flow_checkpoint`);
  const parks = await pgQuery<{ n: string }>(
    `select count(*)::text as n from "${schema}".audit_event where type = 'FlowRun' and data->>'status' = 'waiting'`,
  );
  t.equal(Number(cps[0]!.n), N * STEPS + Number(parks[0]!.n), 'one checkpoint per step plus one per operator park');
  t.equal(calls.size, N * STEPS, 'every step ran');
  t.same(
    [...calls.entries()].filter(([, n]) => n !== 1),
    [],
    'no step ran twice',
  );
  const lifecycle = await pgQuery<{ action: string; n: string }>(
    `select data->>'action' as action, count(*)::text as n from "${schema}".audit_event where type = 'FlowRunLifecycle' group by 1`,
  );
  t.comment(`operator parks: ${parks[0]!.n}; lifecycle: ${JSON.stringify(lifecycle)}`);
  const holders = await pgQuery<{ n: string }>(`select count(distinct worker)::text as n from "${schema}".flow_attempt`);
  t.equal(Number(holders[0]!.n), 2, 'both workers drove runs');
  void w1;
  void w2;
});
