/**
 * `npm run bench`: prints each benchmark as a table. Not a test: nothing here fails a build.
 * BENCH_SECONDS (default 5) and BENCH_N (default 2000) size the runs.
 */
import { benchHealth, printHealth } from './health.js';
import { benchRoundTrip, dropAll } from './roundtrip.js';
import { fmt } from './children.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const n = Number(process.env.BENCH_N ?? 2000);
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

console.log(`\n## GET /health (${seconds} s each, 32 connections, autocannon)\n`);
console.log('| target | throughput | p50 | p99 |\n|---|---|---|---|');
const embedded = await benchHealth(seconds, {}, 'embedded');
printHealth(embedded.rows);
const hprefix = `benchh${Date.now().toString(36)}`;
const real = await benchHealth(seconds, { NATS_URL: natsUrl, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: hprefix, SVC_BUS_PREFIX: hprefix }, 'JetStream + PostgreSQL');
await dropAll(natsUrl, databaseUrl, hprefix);
printHealth(real.rows.slice(1));
console.log(`\nratio svc/bare: embedded ${fmt(embedded.ratio)}, JetStream + PostgreSQL ${fmt(real.ratio)} (target >= 0.8)`);

console.log(`\n## Command round trip (${n} sequential calls each)\n`);
console.log('| path | p50 | p99 | calls/s |\n|---|---|---|---|');
const rt = await benchRoundTrip(n, natsUrl, databaseUrl);
for (const r of rt.rows) console.log(`| ${r.name} | ${fmt(r.p50, 3)} ms | ${fmt(r.p99, 3)} ms | ${fmt(r.perSec, 0)} |`);
console.log(`\nratio bus.call/raw NATS (p50): ${fmt(rt.ratio)} (target <= 1.5); bus.call/raw JetStream floor: ${fmt(rt.floorRatio)}`);
process.exit(0);
