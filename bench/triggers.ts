/**
 * Webhook deliveries through the gateway on JetStream + PostgreSQL (svc scheme, unique keys,
 * each signed) versus a bare Fastify route answering 202 to the same body, in the same run, with
 * bench/accept-floor.ts beside them: the least any accept that stores the command in JetStream
 * before its 202 can do. One gateway and one worker process, as `svc gateway` and `svc worker` run
 * them. Phases, after a warm-up:
 * - steady: the gateway flat out while the worker executes the runs on the same 2 cores;
 * - rounds (BENCH_ROUNDS, 3): with the worker stopped, bare, floor and gateway take turns, and
 *   the ratios are medians of each round's own (the machine's rates swing between phases);
 * - the worker's rate draining the backlog both left (completed runs/s);
 * - 202 → run completed at a paced rate the system sustains.
 * Each process's CPU time (from /proc, Linux) is reported per accepted delivery: on a shared
 * machine the rates swing with the neighbours' load, the CPU a delivery costs much less.
 * Alone: `npm run build && node dist/bench/triggers.js` (BENCH_SECONDS, BENCH_WARMUP_SECONDS,
 * BENCH_ROUNDS, NATS_URL, DATABASE_URL; BENCH_PROFILE=<dir> writes --cpu-prof profiles of the
 * gateway and worker there).
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { BIN, startChild, startSvc, percentile, fmt } from './children.js';
import { dropAll } from './roundtrip.js';
import { cpuMs, cpuTimes, writeCalls } from './proc.js';
import { signSvc } from '../ingress/schemes.js';
import { webhookRunId } from '../ingress/deliver.js';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { names } from '../bus/index.js';

/** One turn of the interleaved phases (worker stopped), each `seconds` long. */
export interface Round {
  bare: number;
  floor: number;
  gateway: number;
  non2xx: number;
}

export interface TriggerBench {
  rounds: Round[];
  /** Medians over the rounds: the bare route, bench/accept-floor.ts (signature check + JetStream
   * store + 202, nothing else) and the gateway with the worker stopped, req/s. */
  bare: number;
  floor: number;
  acceptedWorkerHeld: number;
  /** Median over the rounds of gateway / bare (the target's ratio), of floor / bare, and of gateway / floor. */
  ratio: number;
  floorRatio: number;
  ofFloor: number;
  /** Gateway CPU ms per 1,000 deliveries over the rounds. */
  gatewayCpuPerK: number;
  /** The steady state: accepted/s with the worker executing runs alongside, and its ratio to the median bare. */
  accepted: number;
  steadyRatio: number;
  non2xx: number;
  /** 202 → run completed, at `rate` deliveries/s. */
  latency: { n: number; p50: number; p99: number; rate: number; sentP50: number; sentP99: number };
  completedPerSec: number;
  /** CPU ms per 1,000 accepted in the steady phase (NaN without /proc). */
  cpuPerK: { gateway: number; worker: number };
  /** The gateway's share of that CPU spent in the kernel, and its write syscalls per accepted
   * delivery (one is the HTTP answer): what tells JS work from socket traffic (NaN without /proc). */
  gatewayKernelShare: number;
  gatewayWritesPerDelivery: number;
}

const BODY = JSON.stringify({ event: 'bench', repository: { name: 'svc' }, payload: 'x'.repeat(200) });

export async function benchTriggers(seconds: number, natsUrl: string, databaseUrl: string, prefix: string): Promise<TriggerBench> {
  const env = {
    NATS_URL: natsUrl,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: prefix,
    SVC_BUS_PREFIX: prefix,
    SVC_SESSION_KEY: 'b'.repeat(64),
    LOG_LEVEL: 'warn',
    // One trigger takes every delivery here, past the per-trigger default (60,000 a minute): a 429
    // is answered far cheaper than an accept, so a limit that bites would flatter the ratio. The
    // limit's own cost is measured by running with it set (SVC_RATE_LIMIT_HOOKS in the caller's env).
    SVC_RATE_LIMIT_HOOKS: process.env.SVC_RATE_LIMIT_HOOKS ?? '0',
  };
  const bare = await startChild(['dist/bench/bare-server.js'], {}, (r) => r.ready === true);
  const floorSecret = randomUUID();
  const floorServer = await startChild(
    ['dist/bench/accept-floor.js'],
    { NATS_URL: natsUrl, BENCH_PREFIX: `${prefix}f`, BENCH_SECRET: floorSecret },
    (r) => r.ready === true,
  );
  // Node refuses --cpu-prof in NODE_OPTIONS, so a profiled role is started with the flag itself.
  const role = (name: string) =>
    process.env.BENCH_PROFILE
      ? startChild(
          ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, BIN, name],
          { SVC_ORCH_PORT: '0', SVC_ORCH_HOST: '127.0.0.1', ...env, LOG_LEVEL: 'info' },
          (r) => r.msg === 'svc started',
        )
      : startSvc([name], { ...env, LOG_LEVEL: 'info' });
  const worker = await role('worker');
  const gateway = await role('gateway');
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const nc = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  try {
    const now = new Date().toISOString();
    await db.query(
      `insert into "${prefix}".flow_definition (id, title, trigger, scope_level, scope_ref, definition, saved_by, created_at, updated_at) values ('bench', 'bench', 'webhook', 'org', null, $1, 'operator', $2, $2)`,
      [
        JSON.stringify({
          id: 'bench',
          trigger: 'webhook',
          steps: [{ id: 'check', kind: 'branch', input: '{{input.event}}', op: 'eq', value: 'bench', onTrue: null, onFalse: null }],
        }),
        now,
      ],
    );
    const minted = (await (
      await fetch(`${gateway.url}/flows/triggers`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ flowId: 'bench' }),
      })
    ).json()) as { trigger: { id: string }; secret: string };
    const path = `/hooks/${minted.trigger.id}`;
    const signedWith = (secret: string) => () => {
      const ts = Math.floor(Date.now() / 1000);
      return {
        'content-type': 'application/json',
        'x-svc-timestamp': String(ts),
        'x-svc-signature': signSvc(secret, ts, BODY),
        'idempotency-key': randomUUID(),
      };
    };
    const signed = signedWith(minted.secret);
    const load = (
      url: string,
      p: string,
      secs: number,
      headers: () => Record<string, string>,
      onResponse?: (status: number, body: string) => void,
    ) =>
      autocannon({
        url,
        connections: 32,
        duration: secs,
        pipelining: 1,
        requests: [
          {
            method: 'POST',
            path: p,
            body: BODY,
            setupRequest: (req: any) => ({ ...req, headers: headers() }),
            ...(onResponse ? { onResponse } : {}),
          },
        ],
      });
    // Every server warms up alike, long enough for V8 to optimize the paths under load: after 1 s
    // a gateway still spent about twice the CPU per delivery it spends from ~5 s on (it runs far
    // more code than the bare route, which is hot almost at once). The warm-up's runs are drained
    // before the steady phase, so it starts without a backlog.
    const warm = Number(process.env.BENCH_WARMUP_SECONDS ?? 5);
    await load(bare.url!, '/accept', warm, () => ({ 'content-type': 'application/json' }));
    await load(floorServer.url!, '/hooks/floor', warm, signedWith(floorSecret));
    await load(gateway.url!, path, warm, signed);
    await waitDrained(db, jsm, prefix, 120_000);
    // The steady state: the worker executes runs alongside, on the same 2 cores.
    const cpu0 = [cpuMs(gateway.proc.pid), cpuMs(worker.proc.pid)];
    const [split0, writes0] = [cpuTimes(gateway.proc.pid), writeCalls(gateway.proc.pid)];
    const s = await load(gateway.url!, path, seconds, signed);
    const cpu1 = [cpuMs(gateway.proc.pid), cpuMs(worker.proc.pid)];
    const [split1, writes1] = [cpuTimes(gateway.proc.pid), writeCalls(gateway.proc.pid)];
    const perK = (i: number) => ((cpu1[i]! - cpu0[i]!) / (s.requests.total || NaN)) * 1000;
    // Then the worker is stopped (its backlog stays in JetStream, drained below) and bare, floor and
    // gateway take turns, round after round: the rates on this shared machine swing by half from
    // one phase to the next, and a ratio is only fair between phases that ran side by side. The
    // gateway then has the machine's CPU as a gateway pod would, not shared with run execution.
    const rounds: Round[] = [];
    let heldCpu = 0;
    let heldTotal = 0;
    worker.proc.kill('SIGSTOP');
    const roundCount = Number(process.env.BENCH_ROUNDS ?? 3);
    try {
      for (let i = 0; i < roundCount; i++) {
        const b = await load(bare.url!, '/accept', seconds, () => ({ 'content-type': 'application/json' }));
        const f = await load(floorServer.url!, '/hooks/floor', seconds, signedWith(floorSecret));
        if (f.non2xx > 0) throw new Error(`the accept floor answered ${f.non2xx} non-2xx`);
        const c0 = cpuMs(gateway.proc.pid);
        const h = await load(gateway.url!, path, seconds, signed);
        heldCpu += cpuMs(gateway.proc.pid) - c0;
        heldTotal += h.requests.total;
        rounds.push({ bare: b.requests.average, floor: f.requests.average, gateway: h.requests.average, non2xx: h.non2xx });
      }
    } finally {
      worker.proc.kill('SIGCONT');
    }
    const med = (xs: number[]) =>
      percentile(
        [...xs].sort((x, y) => x - y),
        50,
      );

    // Completed runs/s: the steady phase and the rounds left a backlog; the worker's rate draining it is what it sustains.
    const drainFrom = Date.now();
    await waitDrained(db, jsm, prefix, 120_000);
    const {
      rows: [done],
    } = await db.query<{ n: string; first: Date | null; last: Date | null }>(
      `select count(*) as n, min(ended_at) as first, max(ended_at) as last from "${prefix}".flow_run where ended_at >= $1`,
      [new Date(drainFrom - seconds * 1000)],
    );
    const runsSpan = done!.first && done!.last ? (done!.last.getTime() - done!.first.getTime()) / 1000 : NaN;
    const completedPerSec = Number(done!.n) / runsSpan;

    // 202 → completed at a rate the system sustains while it also accepts (a quarter of the slower
    // of accept and complete: the drain above had the machine to itself), so the latency is the
    // path's own, not a queue's. BENCH_TRIGGER_RATE sets it instead.
    const rate =
      Number(process.env.BENCH_TRIGGER_RATE ?? 0) ||
      Math.max(10, Math.floor(Math.min(s.requests.average, Number.isFinite(completedPerSec) ? completedPerSec : s.requests.average) / 4));
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
      inflight.push(
        fetch(`${gateway.url}${path}`, { method: 'POST', headers, body: BODY }).then(async (res) => {
          const body = await res.text();
          if (res.status === 202) at202.set((JSON.parse(body) as { runId: string }).runId, Date.now());
        }),
      );
    }
    await Promise.all(inflight);
    await waitDrained(db, jsm, prefix, 120_000);
    const rows = (
      await db.query<{ id: string; ended: Date | null }>(`select id, ended_at as ended from "${prefix}".flow_run where id = any($1)`, [
        [...at202.keys()],
      ])
    ).rows;
    const ended = rows.filter((r) => r.ended);
    // A run may end before its 202 is read (the command is stored before the row and the reply),
    // so 202 → done can be <= 0; sent → done bounds what the producer sees.
    const lat = ended.map((r) => r.ended!.getTime() - at202.get(r.id)!).sort((x, y) => x - y);
    const fromSend = ended.map((r) => r.ended!.getTime() - sentAt.get(r.id)!).sort((x, y) => x - y);
    return {
      rounds,
      bare: med(rounds.map((r) => r.bare)),
      floor: med(rounds.map((r) => r.floor)),
      acceptedWorkerHeld: med(rounds.map((r) => r.gateway)),
      ratio: med(rounds.map((r) => r.gateway / r.bare)),
      floorRatio: med(rounds.map((r) => r.floor / r.bare)),
      ofFloor: med(rounds.map((r) => r.gateway / r.floor)),
      gatewayCpuPerK: (heldCpu / (heldTotal || NaN)) * 1000,
      accepted: s.requests.average,
      steadyRatio: s.requests.average / med(rounds.map((r) => r.bare)),
      non2xx: s.non2xx + rounds.reduce((n, r) => n + r.non2xx, 0),
      latency: {
        n: lat.length,
        p50: percentile(lat, 50),
        p99: percentile(lat, 99),
        rate,
        sentP50: percentile(fromSend, 50),
        sentP99: percentile(fromSend, 99),
      },
      completedPerSec,
      cpuPerK: { gateway: perK(0), worker: perK(1) },
      gatewayKernelShare: (split1.system - split0.system) / (cpu1[0]! - cpu0[0]!),
      gatewayWritesPerDelivery: (writes1 - writes0) / (s.requests.total || NaN),
    };
  } finally {
    await db.end();
    await nc.close();
    await Promise.all([bare.stop(), floorServer.stop(), gateway.stop(), worker.stop()]);
    await dropAll(natsUrl, databaseUrl, `${prefix}f`).catch(() => undefined);
  }
}

/**
 * Until the run commands are all taken and every run has ended (or the timeout passes). The
 * stream is a work queue: a command leaves it when its handler is done, and the worker writes a
 * delivery's log row as it takes the command, so neither rows nor runs count what is still queued.
 */
async function waitDrained(db: pg.Client, jsm: JetStreamManager, prefix: string, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const queued = (await jsm.streams.info(names(prefix).commandStream)).state.messages;
    const { rows } = await db.query<{ open: string }>(`select count(*) filter (where ended_at is null) as open from "${prefix}".flow_run`);
    if (queued === 0 && Number(rows[0]!.open) === 0) return;
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
    for (const [i, x] of r.rounds.entries())
      console.log(
        `round ${i + 1}: bare ${fmt(x.bare, 0)}, floor ${fmt(x.floor, 0)} (${fmt(x.floor / x.bare)}), gateway ${fmt(x.gateway, 0)} (${fmt(x.gateway / x.bare)}; of the floor ${fmt(x.gateway / x.floor)}) req/s`,
      );
    console.log(
      `worker stopped, medians: bare ${fmt(r.bare, 0)} req/s; accept floor ${fmt(r.floor, 0)} (ratio ${fmt(r.floorRatio)}); gateway ${fmt(r.acceptedWorkerHeld, 0)} deliveries/s (ratio ${fmt(r.ratio)}; of the floor ${fmt(r.ofFloor)}), ${fmt(r.gatewayCpuPerK, 0)} ms gateway CPU per 1,000; non-2xx ${r.non2xx}`,
    );
    console.log(
      `steady (worker running): accepted ${fmt(r.accepted, 0)} deliveries/s (ratio ${fmt(r.steadyRatio)}); CPU per 1,000: gateway ${fmt(r.cpuPerK.gateway, 0)} ms, worker ${fmt(r.cpuPerK.worker, 0)} ms; gateway in the kernel ${fmt(r.gatewayKernelShare * 100, 0)}%, ${fmt(r.gatewayWritesPerDelivery)} write syscalls per delivery`,
    );
    console.log(
      `completed ${fmt(r.completedPerSec, 0)} runs/s; 202 to done at ${r.latency.rate}/s (${r.latency.n} runs): p50 ${fmt(r.latency.p50, 1)} ms, p99 ${fmt(r.latency.p99, 1)} ms; sent to done p50 ${fmt(r.latency.sentP50, 1)} ms, p99 ${fmt(r.latency.sentP99, 1)} ms`,
    );
  } finally {
    await dropAll(natsUrl, databaseUrl, prefix);
  }
  process.exit(0);
}
