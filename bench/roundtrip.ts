/**
 * Command round trip gateway → JetStream → actor → reply (the bus call a gateway makes, and the
 * whole HTTP POST /ops/ping), versus a raw core NATS request/reply on the same server. Two floors
 * put the ratios in context: a bare JetStream pull consumer that replies (what durability alone
 * costs) and a bare Fastify POST answered at once through the same HTTP client (what the client
 * and an HTTP hop alone cost).
 */
import { connect } from '@nats-io/transport-node';
import { headers } from '@nats-io/nats-core';
import { jetstream } from '@nats-io/jetstream';
import { pino } from 'pino';
import { createBus, names } from '../bus/index.js';
import { startChild, startSvc, percentile } from './children.js';

export interface Lat {
  name: string;
  n: number;
  p50: number;
  p99: number;
  perSec: number;
}

async function timeSeq(n: number, fn: () => Promise<unknown>): Promise<{ p50: number; p99: number; perSec: number }> {
  const times: number[] = [];
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  const total = performance.now() - started;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), perSec: (n / total) * 1000 };
}

export interface RoundTrip {
  rows: Lat[];
  ratio: number;
  floorRatio: number;
  gatewayRatio: number;
  gatewayOverBusMs: number;
  httpFloorMs: number;
}

export async function benchRoundTrip(n: number, natsUrl: string, databaseUrl: string): Promise<RoundTrip> {
  const prefix = `bench${Date.now().toString(36)}`;
  const env = { NATS_URL: natsUrl, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: prefix, SVC_BUS_PREFIX: prefix };
  const worker = await startSvc(['worker', '--actors', 'ops'], env);
  const gateway = await startSvc(['gateway'], env);
  const raw = await startChild(
    ['dist/bench/raw-responder.js'],
    { NATS_URL: natsUrl, BENCH_SUBJECT: `${prefix}.raw` },
    (r) => r.ready === true,
  );
  const rawJs = await startChild(
    ['dist/bench/raw-js-worker.js'],
    { NATS_URL: natsUrl, BENCH_STREAM: `${prefix.toUpperCase()}_RAW`, BENCH_SUBJECT: `${prefix}.rawjs` },
    (r) => r.ready === true,
  );
  const bare = await startChild(['dist/bench/bare-server.js'], {}, (r) => r.ready === true);
  const bus = createBus({ servers: natsUrl, names: names(prefix), log: pino({ level: 'silent' }), ackWaitMs: 30_000, name: 'bench' });
  await bus.start();
  const nc = await connect({ servers: natsUrl });
  const payload = new TextEncoder().encode(JSON.stringify({ note: 'x' }));
  try {
    const warm = 200;
    await timeSeq(warm, () => nc.request(`${prefix}.raw`, payload, { timeout: 5000 }));
    await timeSeq(warm, () => bus.call('ops', 'ping', { note: 'x' }));
    const r = await timeSeq(n, () => nc.request(`${prefix}.raw`, payload, { timeout: 5000 }));
    const js = jetstream(nc);
    const jsCall = async () => {
      const inbox = `${prefix}.rawreply.${Math.random().toString(36).slice(2)}`;
      const sub = nc.subscribe(inbox, { max: 1 });
      const h = headers();
      h.set('Reply-To', inbox);
      await js.publish(`${prefix}.rawjs`, payload, { headers: h });
      for await (const _ of sub) break;
    };
    await timeSeq(warm, jsCall);
    const j = await timeSeq(n, jsCall);
    const c = await timeSeq(n, () => bus.call('ops', 'ping', { note: 'x' }));
    const post = (url: string) => async () => {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"note":"x"}' });
      await res.arrayBuffer();
    };
    await timeSeq(warm, post(`${gateway.url}/ops/ping`));
    await timeSeq(warm, post(`${bare.url}/accept`));
    const h = await timeSeq(n, post(`${gateway.url}/ops/ping`));
    const b = await timeSeq(n, post(`${bare.url}/accept`));
    return {
      rows: [
        { name: 'raw NATS request/reply', n, ...r },
        { name: 'raw JetStream publish → pull consumer → reply (the durable floor)', n, ...j },
        { name: 'bus.call → JetStream → ops actor → reply', n, ...c },
        { name: 'HTTP POST /ops/ping → gateway → JetStream → worker → reply', n, ...h },
        { name: 'HTTP POST to a bare Fastify route (the HTTP client floor)', n, ...b },
      ],
      ratio: c.p50 / r.p50,
      floorRatio: c.p50 / j.p50,
      gatewayRatio: h.p50 / r.p50,
      gatewayOverBusMs: h.p50 - c.p50,
      httpFloorMs: b.p50,
    };
  } finally {
    await nc.close();
    await bus.close();
    await Promise.all([worker.stop(), gateway.stop(), raw.stop(), rawJs.stop(), bare.stop()]);
    await dropAll(natsUrl, databaseUrl, prefix);
  }
}

export async function dropAll(natsUrl: string, databaseUrl: string, prefix: string): Promise<void> {
  const { jetstreamManager } = await import('@nats-io/jetstream');
  const nc = await connect({ servers: natsUrl });
  const jsm = await jetstreamManager(nc);
  const n = names(prefix);
  for (const s of [n.commandStream, n.eventStream]) await jsm.streams.delete(s).catch(() => undefined);
  await nc.close();
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`drop schema if exists "${prefix}" cascade`);
  await client.end();
}
