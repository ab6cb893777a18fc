/**
 * GET /health req/s of the gateway versus a bare Fastify route, measured in the same run. The
 * machine is shared and noisy, so the two alternate over several rounds and each keeps its best
 * round: a neighbour's burst then lowers one round, not the ratio.
 */
import autocannon from 'autocannon';
import { startChild, startSvc, fmt } from './children.js';

export interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
}

const ROUNDS = 3;

async function load(url: string, seconds: number): Promise<Omit<Row, 'name'>> {
  const r = await autocannon({ url, connections: 32, duration: seconds, pipelining: 1 });
  return { reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

const best = (a: Omit<Row, 'name'> | undefined, b: Omit<Row, 'name'>) => (a === undefined || b.reqPerSec > a.reqPerSec ? b : a);

export async function benchHealth(seconds: number, env: Record<string, string>, label: string): Promise<{ rows: Row[]; ratio: number }> {
  const bare = await startChild(['dist/bench/bare-server.js'], {}, (r) => r.ready === true);
  const svc = await startSvc(['serve'], env);
  try {
    await load(`${bare.url}/health`, 1);
    await load(`${svc.url}/health`, 1);
    let b: Omit<Row, 'name'> | undefined;
    let s: Omit<Row, 'name'> | undefined;
    for (let i = 0; i < ROUNDS; i++) {
      b = best(b, await load(`${bare.url}/health`, seconds));
      s = best(s, await load(`${svc.url}/health`, seconds));
    }
    return {
      rows: [
        { name: 'bare Fastify GET /health', ...b! },
        { name: `svc GET /health (${label})`, ...s! },
      ],
      ratio: s!.reqPerSec / b!.reqPerSec,
    };
  } finally {
    await Promise.all([bare.stop(), svc.stop()]);
  }
}

export function printHealth(rows: Row[]): void {
  for (const r of rows) console.log(`| ${r.name} | ${fmt(r.reqPerSec, 0)} req/s | p50 ${fmt(r.p50, 1)} ms | p99 ${fmt(r.p99, 1)} ms |`);
}
