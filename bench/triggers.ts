/**
 * Webhook deliveries through the gateway on JetStream + PostgreSQL (svc scheme, unique keys,
 * each signed) versus a bare Fastify route answering 202 to the same body, in the same run; then
 * the time from each 202 to its run completed (flow_run.ended_at), and completed runs per second.
 * One gateway and one worker process, as `svc gateway` and `svc worker` run them.
 */
import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startChild, startSvc, percentile } from './children.js';
import { signSvc } from '../actors/trigger/schemes.js';

export interface TriggerBench {
  bare: number;
  accepted: number;
  ratio: number;
  non2xx: number;
  latency: { n: number; p50: number; p99: number };
  completedPerSec: number;
}

const BODY = JSON.stringify({ event: 'bench', repository: { name: 'svc' }, payload: 'x'.repeat(200) });

export async function benchTriggers(seconds: number, natsUrl: string, databaseUrl: string, prefix: string): Promise<TriggerBench> {
  const env = { NATS_URL: natsUrl, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: prefix, SVC_BUS_PREFIX: prefix, SVC_SESSION_KEY: 'b'.repeat(64), LOG_LEVEL: 'warn' };
  const bare = await startChild(['dist/bench/bare-server.js'], {}, (r) => r.ready === true);
  const worker = await startSvc(['worker'], { ...env, LOG_LEVEL: 'info' });
  const gateway = await startSvc(['gateway'], { ...env, LOG_LEVEL: 'info' });
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
    await load(bare.url!, '/accept', 1, () => ({ 'content-type': 'application/json' }));
    await load(gateway.url!, path, 1, signed);
    const b = await load(bare.url!, '/accept', seconds, () => ({ 'content-type': 'application/json' }));
    const s = await load(gateway.url!, path, seconds, signed);

    // 202 → completed: a paced phase, each 202 time kept against its run id.
    await waitDrained(db, prefix, 60_000);
    const at202 = new Map<string, number>();
    const paced = await load(gateway.url!, path, Math.max(3, Math.ceil(seconds / 2)), signed, (status, body) => {
      if (status === 202) at202.set((JSON.parse(body) as { runId: string }).runId, Date.now());
    });
    void paced;
    await waitDrained(db, prefix, 120_000);
    const rows = (await db.query<{ id: string; ended: Date | null; created: Date }>(`select id, ended_at as ended, created_at as created from "${prefix}".flow_run where id = any($1)`, [[...at202.keys()]])).rows;
    const lat = rows.filter((r) => r.ended).map((r) => r.ended!.getTime() - at202.get(r.id)!).sort((x, y) => x - y);
    const ends = rows.filter((r) => r.ended).map((r) => r.ended!.getTime()).sort((x, y) => x - y);
    const starts = rows.map((r) => r.created.getTime()).sort((x, y) => x - y);
    const span = ends.length ? (ends[ends.length - 1]! - starts[0]!) / 1000 : NaN;
    return {
      bare: b.requests.average, accepted: s.requests.average, ratio: s.requests.average / b.requests.average, non2xx: s.non2xx,
      latency: { n: lat.length, p50: percentile(lat, 50), p99: percentile(lat, 99) },
      completedPerSec: ends.length / span,
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
