/**
 * Flow runs through HTTP: a 10-step flow of cheap steps (connector route on a local server
 * alternating with branches) in embedded mode and on JetStream + PostgreSQL with 1 and 2
 * workers (runs/s, per-step overhead p50/p99 = run latency / 10), and a 3-step inline
 * POST /flows/run (runs/s, p50/p99). Closed-loop load with a fixed number of clients.
 * `node dist/bench/flows.js` runs this section alone (same BENCH_SECONDS, NATS_URL, DATABASE_URL);
 * BENCH_FLOWS=embedded,pg1,pg2 picks setups (default all), BENCH_WARMUP_SECONDS the warm-up before
 * each measurement (default 5), BENCH_PROFILE=<dir> writes
 * --cpu-prof profiles of every svc process there.
 */
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { BIN, startChild, startSvc, percentile, fmt, type Child } from './children.js';
import { dropAll } from './roundtrip.js';
import { cpuMs as cpuOfPid } from './proc.js';
import { describeDelta, watchMachine, type Machine } from './machine.js';

/** `cpuMsPerRun`: CPU the svc processes spent per completed run, the figure that stays
 * comparable when other work shares the machine (NaN where /proc is not readable). */
export interface FlowBenchRow {
  name: string;
  runs: number;
  perSec: number;
  p50: number;
  p99: number;
  errors: number;
  cpuMsPerRun: number;
  machine?: string;
}

/** User + system CPU of the processes so far, in ms (NaN without /proc). */
function cpuMs(children: Child[]): number {
  return children.reduce((sum, c) => sum + cpuOfPid(c.proc.pid), 0);
}

/** Node refuses --cpu-prof in NODE_OPTIONS, so a profiled role is started with the flag itself. */
function svc(role: string[], env: Record<string, string>): Promise<Child> {
  const dir = process.env.BENCH_PROFILE;
  if (!dir) return startSvc(role, env);
  return startChild(
    ['--cpu-prof', `--cpu-prof-dir=${dir}`, BIN, ...role],
    { SVC_ORCH_PORT: '0', SVC_ORCH_HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    (r) => r.msg === 'svc started',
  );
}

const picked = (name: string): boolean => (process.env.BENCH_FLOWS ?? 'embedded,pg1,pg2').split(',').includes(name);

function tenSteps(): unknown {
  const steps: unknown[] = [];
  for (let i = 0; i < 5; i++) {
    steps.push({ id: `t${i}`, kind: 'tool', tool: 'local.ok', args: { i: String(i) } });
    steps.push({ id: `b${i}`, kind: 'branch', input: `{{steps.t${i}.json.ok}}`, op: 'truthy' });
  }
  return { id: 'bench-10', steps };
}

const threeSteps = {
  id: 'bench-3',
  steps: [
    { id: 'a', kind: 'tool', tool: 'svc_echo', args: { text: '{{input}}' } },
    { id: 'b', kind: 'branch', input: '{{steps.a.text}}', op: 'contains', value: 'x' },
    { id: 'c', kind: 'tool', tool: 'svc_echo', args: { text: 'done' } },
  ],
};

/**
 * What autovacuum does to a deployment's tables within a minute of their first writes, done to
 * the bench's fresh schema after each warm-up: the run path's statements are prepared once per
 * connection, and a plan made while the tables were empty scans them whole (the audit and attempt
 * tables, thousands of rows per run after a few seconds) until statistics arrive. This machine's
 * PostgreSQL runs with autovacuum off, so without this they never would.
 */
async function analyze(databaseUrl: string, schema: string): Promise<void> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const table of ['flow_run', 'flow_checkpoint', 'flow_attempt', 'audit_event', 'audit_outbox'])
      await client.query(`analyze "${schema}"."${table}"`);
  } finally {
    await client.end();
  }
}

/** One POST on a kept-alive connection. node:http rather than fetch: on 2 cores the load
 * generator shares the CPU with what it measures, and fetch cost it ~1.5 ms more per run
 * (2.1 vs 0.5 ms of the bench process's CPU per run, measured under the same load). */
function post(agent: Agent, url: string, body: string): Promise<{ status: number; json: { status?: string } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString()) as { status?: string } });
          } catch (err) {
            reject(err);
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function load(
  url: string,
  body: string,
  seconds: number,
  clients: number,
): Promise<{ lat: number[]; perSec: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const lat: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        const res = await post(agent, `${url}/flows/run`, body);
        if (res.status !== 200 || res.json.status !== 'completed') errors++;
        else lat.push(performance.now() - t0);
      }
    }),
  );
  agent.destroy();
  lat.sort((a, b) => a - b);
  return { lat, perSec: (lat.length / (performance.now() - started)) * 1000, errors };
}

export async function benchFlows(seconds: number, natsUrl: string, databaseUrl: string): Promise<FlowBenchRow[]> {
  const srv = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end('{"ok":true}');
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const connectors = JSON.stringify([
    { id: 'local', baseUrl: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`, routes: { ok: { method: 'POST', path: '/ok' } } },
  ]);
  const ten = JSON.stringify({ flow: tenSteps(), input: 'x' });
  const three = JSON.stringify({ flow: threeSteps, input: 'x' });
  const rows: FlowBenchRow[] = [];
  const measure = async (
    name: string,
    procs: Child[],
    body: string,
    steps: number,
    clients: number,
    pg?: { schema: string; machine: Machine | undefined },
  ) => {
    const url = procs[procs.length - 1]!.url!;
    // Warmed up as the triggers section is: after 1 s, perf still found ~28% of the svc processes'
    // CPU in V8's optimizing compiler (3.0+ ms per 3-step run, against 1.7-2.2 ms after 8-15 s).
    await load(url, body, Number(process.env.BENCH_WARMUP_SECONDS ?? 5), clients);
    if (pg) await analyze(databaseUrl, pg.schema);
    const machine = pg?.machine;
    const settle = () => new Promise((r) => setTimeout(r, 1500));
    const rows0 = machine && (await settle(), await machine.rows());
    const mcpu0 = await machine?.cpu();
    const cpu0 = cpuMs(procs);
    const r = await load(url, body, seconds, clients);
    const cpuMsPerRun = (cpuMs(procs) - cpu0) / Math.max(1, r.lat.length);
    const mcpu1 = await machine?.cpu();
    const rows1 = machine && (await settle(), await machine.rows());
    const described = rows0 && rows1 && mcpu0 && mcpu1 ? { machine: describeDelta([mcpu0, mcpu1], [rows0, rows1], r.lat.length) } : {};
    rows.push({
      name,
      runs: r.lat.length,
      perSec: r.perSec,
      p50: percentile(r.lat, 50) / steps,
      p99: percentile(r.lat, 99) / steps,
      errors: r.errors,
      cpuMsPerRun,
      ...described,
    });
  };
  try {
    if (picked('embedded')) {
      const serve = await svc(['serve'], { SVC_CONNECTORS: connectors });
      try {
        await measure('10 steps, embedded (serve, SQLite) — per step', [serve], ten, 10, 16);
        await measure('3-step inline POST /flows/run, embedded — per run', [serve], three, 1, 32);
      } finally {
        await serve.stop();
      }
    }
    for (const workers of [1, 2].filter((w) => picked(`pg${w}`))) {
      const prefix = `benchf${Date.now().toString(36)}`;
      const env = {
        NATS_URL: natsUrl,
        DATABASE_URL: databaseUrl,
        DATABASE_SCHEMA: prefix,
        SVC_BUS_PREFIX: prefix,
        SVC_CONNECTORS: connectors,
      };
      const procs: Child[] = [await svc(['worker', '--actors', 'run,clock'], env)];
      for (let i = 1; i < workers; i++) procs.push(await svc(['worker', '--actors', 'run,clock'], env));
      const gw = await svc(['gateway'], env);
      procs.push(gw);
      const machine =
        process.env.BENCH_MACHINE === '1'
          ? await watchMachine(
              databaseUrl,
              prefix,
              procs.map((p) => p.proc.pid!),
            )
          : undefined;
      try {
        await measure(`10 steps, JetStream + PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''} — per step`, procs, ten, 10, 16, {
          schema: prefix,
          machine,
        });
        await measure(
          `3-step inline POST /flows/run, JetStream + PostgreSQL, ${workers} worker${workers > 1 ? 's' : ''} — per run`,
          procs,
          three,
          1,
          32,
          { schema: prefix, machine },
        );
      } finally {
        await machine?.close();
        await Promise.all(procs.map((p) => p.stop()));
        await dropAll(natsUrl, databaseUrl, prefix);
      }
    }
  } finally {
    srv.close();
  }
  return rows;
}

/** The section as `npm run bench` prints it. */
export async function printFlows(seconds: number, natsUrl: string, databaseUrl: string): Promise<void> {
  console.log(`\n## Flow runs over HTTP (${seconds} s each; 16 clients for 10 steps, 32 for 3 steps)\n`);
  console.log('| flow | runs | runs/s | p50 | p99 | errors | svc CPU per run |\n|---|---|---|---|---|---|---|');
  const rows = await benchFlows(seconds, natsUrl, databaseUrl);
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.runs} | ${fmt(r.perSec, 0)} | ${fmt(r.p50, 2)} ms | ${fmt(r.p99, 2)} ms | ${r.errors} | ${fmt(r.cpuMsPerRun, 1)} ms |`,
    );
  for (const r of rows.filter((x) => x.machine)) console.log(`\n${r.name}: ${r.machine}`);
  console.log("\n(3-step target: 10x the older system's 79 runs/s at p50 116 ms, i.e. >= 790 runs/s)");
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  await printFlows(
    Number(process.env.BENCH_SECONDS ?? 5),
    process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
    process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  );
  process.exit(0);
}
