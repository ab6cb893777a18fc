/**
 * What metrics, rate limiting and tracing cost on two hot paths, side by side in one run: an API
 * read behind the bearer token (`GET /flows`) and a webhook accept (`POST /hooks/:id`, whose run
 * then executes in the same process), on `svc serve` started five ways: everything off, each one
 * on alone, and all three on. The limits are set far above the load so that the limiter does its
 * bookkeeping on every request but never answers a cheap 429; traces go to an OTLP sink in this
 * process that accepts and drops them. Variants alternate round by round and each keeps its best
 * round, so a neighbour's burst lowers one round rather than one variant.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { signSvc } from '../ingress/schemes.js';
import { startSvc, type Child } from './children.js';

const TOKEN = 'bench-operator-token-0123456789';
const BODY = JSON.stringify({ event: 'bench' });
const ROUNDS = 3;
const HIGH = '9999999';

export interface Variant {
  readonly name: string;
  readonly env: Record<string, string>;
}

export function variants(sinkUrl: string): Variant[] {
  const off = { SVC_METRICS: '0', SVC_RATE_LIMIT_API: '0', SVC_RATE_LIMIT_HOOKS: '0' };
  const tracing = {
    OTEL_TRACES_EXPORTER: 'otlp',
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_EXPORTER_OTLP_ENDPOINT: sinkUrl,
    OTEL_TRACES_SAMPLER: 'always_on',
  };
  return [
    { name: 'all off', env: off },
    { name: 'metrics on', env: { ...off, SVC_METRICS: '1' } },
    { name: 'rate limits on', env: { ...off, SVC_RATE_LIMIT_API: HIGH, SVC_RATE_LIMIT_HOOKS: HIGH } },
    { name: 'tracing on (every span exported)', env: { ...off, ...tracing } },
    { name: 'all on', env: { SVC_METRICS: '1', SVC_RATE_LIMIT_API: HIGH, SVC_RATE_LIMIT_HOOKS: HIGH, ...tracing } },
  ];
}

export interface OperabilityRow {
  readonly name: string;
  readonly read: number;
  readonly accept: number;
}

async function sink(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/x-protobuf' });
      res.end();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Target {
  readonly variant: Variant;
  readonly svc: Child;
  readonly hook: string;
  readonly secret: string;
}

async function prepare(variant: Variant, started: Child[]): Promise<Target> {
  const svc = await startSvc(['serve'], { ...variant.env, SVC_ORCH_TOKEN: TOKEN });
  started.push(svc);
  const call = async (path: string, body: unknown) => {
    const res = await fetch(`${svc.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<any>;
  };
  await call('/flows', {
    flow: {
      id: 'bench',
      trigger: 'webhook',
      steps: [{ id: 'check', kind: 'branch', input: '{{input.event}}', op: 'eq', value: 'bench', onTrue: null, onFalse: null }],
    },
  });
  const minted = await call('/flows/triggers', { flowId: 'bench' });
  return { variant, svc, hook: `/hooks/${minted.trigger.id}`, secret: minted.secret };
}

function read(t: Target, seconds: number): Promise<number> {
  return autocannon({
    url: `${t.svc.url}/flows`,
    connections: 32,
    duration: seconds,
    headers: { authorization: `Bearer ${TOKEN}` },
  }).then((r) => okRate(r));
}

function accept(t: Target, seconds: number): Promise<number> {
  return autocannon({
    url: t.svc.url!,
    connections: 32,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: t.hook,
        body: BODY,
        setupRequest: (req: any) => {
          const ts = Math.floor(Date.now() / 1000);
          return {
            ...req,
            headers: {
              'content-type': 'application/json',
              'x-svc-timestamp': String(ts),
              'x-svc-signature': signSvc(t.secret, ts, BODY),
              'idempotency-key': randomUUID(),
            },
          };
        },
      },
    ],
  }).then((r) => okRate(r));
}

/** Successful answers per second: a refusal answered cheaply must never count as throughput. */
function okRate(r: autocannon.Result): number {
  return r['2xx'] / r.duration;
}

export async function benchOperability(seconds: number): Promise<OperabilityRow[]> {
  const s = await sink();
  const targets: Target[] = [];
  const started: Child[] = [];
  try {
    for (const v of variants(s.url)) targets.push(await prepare(v, started));
    for (const t of targets) {
      await read(t, 2);
      await accept(t, 2);
    }
    const best = new Map<string, { read: number; accept: number }>();
    for (let i = 0; i < ROUNDS; i++) {
      for (const t of targets) {
        const b = best.get(t.variant.name) ?? { read: 0, accept: 0 };
        best.set(t.variant.name, { read: Math.max(b.read, await read(t, seconds)), accept: Math.max(b.accept, await accept(t, seconds)) });
      }
    }
    return targets.map((t) => ({ name: t.variant.name, ...best.get(t.variant.name)! }));
  } finally {
    await Promise.all(started.map((c) => c.stop()));
    s.server.close();
  }
}

export function printOperability(rows: readonly OperabilityRow[], fmt: (n: number, d?: number) => string): void {
  const base = rows[0]!;
  console.log('| svc serve | GET /flows (bearer) | ratio | POST /hooks/:id accepted | ratio |\n|---|---|---|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${fmt(r.read, 0)} req/s | ${fmt(r.read / base.read)} | ${fmt(r.accept, 0)} deliveries/s | ${fmt(r.accept / base.accept)} |`,
    );
}

if (process.argv[1]?.endsWith('operability.js')) {
  const { fmt } = await import('./children.js');
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  console.log(`\n## Metrics, rate limits and tracing, on and off (svc serve, best of ${ROUNDS} alternating rounds of ${seconds} s)\n`);
  printOperability(await benchOperability(seconds), fmt);
}
