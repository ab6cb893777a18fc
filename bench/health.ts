/** GET /health req/s of the gateway versus a bare Fastify route, measured in the same run. */
import autocannon from 'autocannon';
import { startChild, startSvc, fmt } from './children.js';

export interface Row { name: string; reqPerSec: number; p50: number; p99: number }

async function load(url: string, seconds: number): Promise<Omit<Row, 'name'>> {
  const r = await autocannon({ url, connections: 32, duration: seconds, pipelining: 1 });
  return { reqPerSec: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

export async function benchHealth(seconds: number, env: Record<string, string>, label: string): Promise<{ rows: Row[]; ratio: number }> {
  const bare = await startChild(['dist/bench/bare-server.js'], {}, (r) => r.ready === true);
  const svc = await startSvc(['serve'], env);
  try {
    await load(`${bare.url}/health`, 1);
    await load(`${svc.url}/health`, 1);
    const b = await load(`${bare.url}/health`, seconds);
    const s = await load(`${svc.url}/health`, seconds);
    return { rows: [{ name: 'bare Fastify GET /health', ...b }, { name: `svc GET /health (${label})`, ...s }], ratio: s.reqPerSec / b.reqPerSec };
  } finally {
    await Promise.all([bare.stop(), svc.stop()]);
  }
}

export function printHealth(rows: Row[]): void {
  for (const r of rows) console.log(`| ${r.name} | ${fmt(r.reqPerSec, 0)} req/s | p50 ${fmt(r.p50, 1)} ms | p99 ${fmt(r.p99, 1)} ms |`);
}
