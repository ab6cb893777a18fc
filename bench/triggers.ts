/**
 * Webhook deliveries through the gateway on JetStream + PostgreSQL (svc scheme, unique keys,
 * each signed) versus a bare Fastify route answering 202 to the same body, in the same run;
 * completed runs per second while the worker drains the flat-out phase's backlog; then the time
 * from each 202 to its run completed (flow_run.ended_at) at a paced rate the system sustains.
 * One gateway and one worker process, as `svc gateway` and `svc worker` run them. Each process's
 * CPU time over the flat-out phase (from /proc, Linux) is reported per accepted delivery: on a
 * shared machine the rates swing with the neighbours' load, the CPU a delivery costs much less.
 * The flat-out phase is run twice: with the worker executing runs alongside (the steady state),
 * and with the worker stopped (a spike absorbed into JetStream; on 2 cores the worker's run
 * execution otherwise takes the CPU the gateway would accept with).
 * Alone: `npm run build && node dist/bench/triggers.js` (BENCH_SECONDS, BENCH_WARMUP_SECONDS,
 * NATS_URL, DATABASE_URL; BENCH_PROFILE=<dir> writes --cpu-prof profiles of the gateway and
 * worker there).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { BIN, startChild, startSvc, percentile, fmt } from './children.js';
import { dropAll } from './roundtrip.js';
import { cpuMs, cpuTimes, writeCalls } from './proc.js';
import { signSvc } from '../actors/trigger/schemes.js';
import { webhookRunId } from '../actors/trigger/deliver.js';

export interface TriggerBench {
  bare: number;
  accepted: number;
  /** Accepted/s with the worker process stopped (SIGSTOP): the gateway absorbing a spike into
   * JetStream with the machine's CPU not shared with run execution. */
  acceptedWorkerHeld: number;
  ratio: number;
  non2xx: number;
  /** 202 → run completed, at `rate` deliveries/s. */
  latency: { n: number; p50: number; p99: number; rate: number; sentP50: number; sentP99: number };
  completedPerSec: number;
  /** CPU ms per 1,000 accepted deliveries over the flat-out phase (NaN without /proc). */
  cpuPerK: { gateway: number; worker: number };
  /** The gateway's share of that CPU spent in the kernel, and its write syscalls per accepted
   * delivery (one is the HTTP answer): what tells JS work from socket traffic (NaN without /proc). */
  gatewayKernelShare: number;
  gatewayWritesPerDelivery: number;
}

const BODY = JSON.stringify({ event: 'bench', repository: { name: 'svc' }, payload: 'x'.repeat(200) });

export async function benchTriggers(seconds: number, natsUrl: string, databaseUrl: string, prefix: string): Promise<TriggerBench> {
  const env = { NATS_URL: natsUrl, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: prefix, SVC_BUS_PREFIX: prefix, SVC_SESSION_KEY: 'b'.repeat(64), LOG_LEVEL: 'warn' };
  const bare = await startChild(['dist/bench/bare-server.js'], {}, (r) => r.ready === true);
  // Node refuses --cpu-prof in NODE_OPTIONS, so a profiled role is started with the flag itself.
  const role = (name: string) => (process.env.BENCH_PROFILE
    ? startChild(['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, BIN, name], { SVC_ORCH_PORT: '0', SVC_ORCH_HOST: '127.0.0.1', ...env, LOG_LEVEL: 'info' }, (r) => r.msg === 'svc started')
    : startSvc([name], { ...env, LOG_LEVEL: 'info' }));
  const worker = await role('worker');
  const gateway = await role('gateway');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const now = new Date().toISOString();
    await db.query(`insert into "${prefix}".flow_definition (id, title, trigger, scope_level, scope_ref, definition, saved_by, created_at, updated_at) values ('bench', 'bench', 'webhook', 'org', null, $1, 'operator', $2, $2)`,
      [JSON.stringify({ id: 'bench', trigger: 'webhook', steps: [{ id: 'check', kind: 'branch', input: '{{input.event}}', op: 'eq', value: 'bench', onTrue: null, onFalse: null }] }), now]);
    const minted = await (await fetch(`${gateway.url}/flows/triggers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ flowId: 'bench' }) })).json() as { trigger: { id: string }; secret: string };
    const path = `/hooks/${minted.trigger.id}`;
    const signed = () => {
      const ts = Math.floor(Date.now() / 1000);
      return { 'content-type': 'application/json', 'x-svc-timestamp': String(ts), 'x-svc-signature': signSvc(minted.secret, ts, BODY), 'idempotency-key': randomUUID() };
    };
    const load = (url: string, p: string, secs: number, headers: () => Record<string, string>, onResponse?: (status: number, body: string) => void) => autocannon({
      url, connections: 32, duration: secs, pipelining: 1,
      requests: [{ method: 'POST', path: p, body: BODY, setupRequest: (req: any) => ({ ...req, headers: headers() }), ...(onResponse ? { onResponse } : {}) }],
    });
    // Both servers warm up alike, long enough for V8 to optimize the paths under load: after 1 s
    // a gateway still spent about twice the CPU per delivery it spends from ~5 s on (it runs far
    // more code than the bare route, which is hot almost at once). The warm-up's runs are drained
    // before the bare phase, so the worker is idle while bare is measured.
    const warm = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
    await load(bare.url!, '/accept', warm, () => ({ 'content-type': 'application/json' }));
    await load(gateway.url!, path, warm, signed);
    await waitDrained(db, prefix, 120_000);
    const b = await load(bare.url!, '/accept', seconds, () => ({ 'content-type': 'application/json' }));
    const cpu0 = [cpuMs(gateway.proc.pid), cpuMs(worker.proc.pid)];
    const [split0, writes0] = [cpuTimes(gateway.proc.pid), writeCalls(gateway.proc.pid)];
    const s = await load(gateway.url!, path, seconds, signed);
    const cpu1 = [cpuMs(gateway.proc.pid), cpuMs(worker.proc.pid)];
    const [split1, writes1] = [cpuTimes(gateway.proc.pid), writeCalls(gateway.proc.pid)];
    const perK = (i: number) => ((cpu1[i]! - cpu0[i]!) / (s.requests.total || NaN)) * 1000;
    // The same load with the worker stopped: what the gateway accepts (stored in JetStream, 202)
    // when it does not share 2 cores with the runs it starts; the backlog is drained below.
    worker.proc.kill('SIGSTOP');
    let held: Awaited<ReturnType<typeof load>>;
    try {
      held = await load(gateway.url!, path, seconds, signed);
    } finally {
      worker.proc.kill('SIGCONT');
    }

    // Completed runs/s: the flat-out phase left a backlog; the worker's rate draining it is what it sustains.
    const drainFrom = Date.now();
    await waitDrained(db, prefix, 120_000);
    const { rows: [done] } = await db.query<{ n: string; first: Date | null; last: Date | null }>(
      `select count(*) as n, min(ended_at) as first, max(ended_at) as last from "${prefix}".flow_run where ended_at >= $1`, [new Date(drainFrom - seconds * 1000)]);
    const runsSpan = done!.first && done!.last ? (done!.last.getTime() - done!.first.getTime()) / 1000 : NaN;
    const completedPerSec = Number(done!.n) / runsSpan;

    // 202 → completed at a rate the system sustains while it also accepts (a quarter of the slower
    // of accept and complete: the drain above had the machine to itself), so the latency is the
    // path's own, not a queue's. BENCH_TRIGGER_RATE sets it instead.
    const rate = Number(process.env.BENCH_TRIGGER_RATE ?? 0) || Math.max(10, Math.floor(Math.min(s.requests.average, Number.isFinite(completedPerSec) ? completedPerSec : s.requests.average) / 4));
    // Evenly spaced requests (autocannon's overallRate releases each second's requests as one
    // burst, which measures the burst). Run ids derive from (trigger, key), so each request's run
    // is known when it is sent.
    const sentAt = new Map<string, number>();
    const at202 = new Map<string, number>();
    const total = rate * Math.max(3, Math.ceil(seconds / 2));
    const start = Date.now();
    const inflight: Promise<void>[] = [];
    for (let i = 0; i < total; i++) {
      const wait = start + (i * 1000) / rate - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const headers = signed();
      const runId = webhookRunId(minted.trigger.id, headers['idempotency-key']);
      sentAt.set(runId, Date.now());
      inflight.push(fetch(`${gateway.url}${path}`, { method: 'POST', headers, body: BODY }).then(async (res) => {
        const body = await res.text();
        if (res.status === 202) at202.set((JSON.parse(body) as { runId: string }).runId, Date.now());
      }));
    }
    await Promise.all(inflight);
    await waitDrained(db, prefix, 120_000);
    const rows = (await db.query<{ id: string; ended: Date | null }>(`select id, ended_at as ended from "${prefix}".flow_run where id = any($1)`, [[...at202.keys()]])).rows;
    const ended = rows.filter((r) => r.ended);
    // A run may end before its 202 is read (the command is stored before the row and the reply),
    // so 202 → done can be <= 0; sent → done bounds what the producer sees.
    const lat = ended.map((r) => r.ended!.getTime() - at202.get(r.id)!).sort((x, y) => x - y);
    const fromSend = ended.map((r) => r.ended!.getTime() - sentAt.get(r.id)!).sort((x, y) => x - y);
    return {
      bare: b.requests.average, accepted: s.requests.average, acceptedWorkerHeld: held.requests.average, ratio: s.requests.average / b.requests.average, non2xx: s.non2xx,
      latency: { n: lat.length, p50: percentile(lat, 50), p99: percentile(lat, 99), rate, sentP50: percentile(fromSend, 50), sentP99: percentile(fromSend, 99) },
      completedPerSec,
      cpuPerK: { gateway: perK(0), worker: perK(1) },
      gatewayKernelShare: (split1.system - split0.system) / (cpu1[0]! - cpu0[0]!),
      gatewayWritesPerDelivery: (writes1 - writes0) / (s.requests.total || NaN),
    };
  } finally {
    await db.end();
    await Promise.all([bare.stop(), gateway.stop(), worker.stop()]);
  }
}

/** Until every webhook run row has ended (or the timeout passes). */
async function waitDrained(db: pg.Client, prefix: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const { rows } = await db.query<{ open: string; total: string }>(`select count(*) filter (where ended_at is null) as open, count(*) as total from "${prefix}".flow_run`);
    const accepted = Number((await db.query<{ n: string }>(`select count(*) as n from "${prefix}".webhook_delivery where status = 'accepted'`)).rows[0]!.n);
    if (Number(rows[0]!.open) === 0 && Number(rows[0]!.total) >= accepted) return;
    await new Promise((r) => setTimeout(r, 250));
  }
}

// Run alone: `node dist/bench/triggers.js`.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const prefix = `bencht${Date.now().toString(36)}`;
  try {
    const r = await benchTriggers(seconds, natsUrl, databaseUrl, prefix);
    console.log(`bare ${fmt(r.bare, 0)} req/s; accepted ${fmt(r.accepted, 0)} deliveries/s (non-2xx ${r.non2xx}); ratio ${fmt(r.ratio)}; with the worker stopped ${fmt(r.acceptedWorkerHeld, 0)} deliveries/s (ratio ${fmt(r.acceptedWorkerHeld / r.bare)})`);
    console.log(`CPU per 1,000 accepted (flat-out phase): gateway ${fmt(r.cpuPerK.gateway, 0)} ms, worker ${fmt(r.cpuPerK.worker, 0)} ms; gateway in the kernel ${fmt(r.gatewayKernelShare * 100, 0)}%, ${fmt(r.gatewayWritesPerDelivery)} write syscalls per delivery`);
    console.log(`completed ${fmt(r.completedPerSec, 0)} runs/s; 202 to done at ${r.latency.rate}/s (${r.latency.n} runs): p50 ${fmt(r.latency.p50, 1)} ms, p99 ${fmt(r.latency.p99, 1)} ms; sent to done p50 ${fmt(r.latency.sentP50, 1)} ms, p99 ${fmt(r.latency.sentP99, 1)} ms`);
  } finally {
    await dropAll(natsUrl, databaseUrl, prefix);
  }
  process.exit(0);
}
