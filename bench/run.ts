/**
 * `npm run bench`: prints each benchmark as a table. Not a test: nothing here fails a build.
 * BENCH_SECONDS (default 5) and BENCH_N (default 2000) size the runs.
 */
import { benchHealth, printHealth } from './health.js';
import { benchRoundTrip, dropAll } from './roundtrip.js';
import { fmt } from './children.js';
import { benchFlows } from './flows.js';
import { benchTriggers } from './triggers.js';
import { runMcpSection } from './mcp.js';
import { benchChainGate, printChainGate } from './chain-gate.js';
import { benchOperability, printOperability } from './operability.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const n = Number(process.env.BENCH_N ?? 2000);
const natsUrl = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

console.log(`\n## GET /health (best of 3 alternating rounds of ${seconds} s, 32 connections, autocannon)\n`);
console.log('| target | throughput | p50 | p99 |\n|---|---|---|---|');
const embedded = await benchHealth(seconds, {}, 'embedded');
printHealth(embedded.rows);
const hprefix = `benchh${Date.now().toString(36)}`;
const real = await benchHealth(
  seconds,
  { NATS_URL: natsUrl, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: hprefix, SVC_BUS_PREFIX: hprefix },
  'JetStream + PostgreSQL',
);
await dropAll(natsUrl, databaseUrl, hprefix);
printHealth(real.rows.slice(1));
console.log(`\nratio svc/bare: embedded ${fmt(embedded.ratio)}, JetStream + PostgreSQL ${fmt(real.ratio)} (target >= 0.8)`);

console.log(`\n## Command round trip (${n} sequential calls each)\n`);
console.log('| path | p50 | p99 | calls/s |\n|---|---|---|---|');
const rt = await benchRoundTrip(n, natsUrl, databaseUrl);
for (const r of rt.rows) console.log(`| ${r.name} | ${fmt(r.p50, 3)} ms | ${fmt(r.p99, 3)} ms | ${fmt(r.perSec, 0)} |`);
console.log(`\nratio bus.call/raw NATS (p50): ${fmt(rt.ratio)} (target <= 1.5); bus.call/raw JetStream floor: ${fmt(rt.floorRatio)}`);
console.log(
  `ratio HTTP POST /ops/ping/raw NATS (p50), the full gateway path: ${fmt(rt.gatewayRatio)}; the gateway adds ${fmt(rt.gatewayOverBusMs, 3)} ms over bus.call, of which the HTTP client floor is ${fmt(rt.httpFloorMs, 3)} ms`,
);
console.log(
  `\n## Webhook deliveries (${seconds} s, 32 connections, svc scheme, unique keys; JetStream + PostgreSQL, one gateway and one worker)\n`,
);
const tprefix = `bencht${Date.now().toString(36)}`;
const tb = await benchTriggers(seconds, natsUrl, databaseUrl, tprefix);
await dropAll(natsUrl, databaseUrl, tprefix);
console.log('| measure | value |\n|---|---|');
console.log(`| bare Fastify POST 202 (median of ${tb.rounds.length} rounds) | ${fmt(tb.bare, 0)} req/s |`);
console.log(
  `| accept floor: signature check + JetStream store + 202, nothing else (bench/accept-floor.ts) | ${fmt(tb.floor, 0)} req/s, ratio ${fmt(tb.floorRatio)} |`,
);
console.log(
  `| svc POST /hooks/:id accepted, worker stopped (a gateway's own capacity; the backlog waits in JetStream) | ${fmt(tb.acceptedWorkerHeld, 0)} deliveries/s, ${fmt(tb.gatewayCpuPerK, 0)} ms gateway CPU per 1,000 |`,
);
console.log(
  `| svc POST /hooks/:id accepted, worker running runs on the same 2 cores | ${fmt(tb.accepted, 0)} deliveries/s (ratio ${fmt(tb.steadyRatio)}; CPU per 1,000: gateway ${fmt(tb.cpuPerK.gateway, 0)} ms, worker ${fmt(tb.cpuPerK.worker, 0)} ms) |`,
);
console.log(
  `| 202 to run completed, paced at ${tb.latency.rate}/s (${tb.latency.n} runs) | p50 ${fmt(tb.latency.p50, 1)} ms, p99 ${fmt(tb.latency.p99, 1)} ms (sent to done p50 ${fmt(tb.latency.sentP50, 1)} ms, p99 ${fmt(tb.latency.sentP99, 1)} ms) |\n| completed runs | ${fmt(tb.completedPerSec, 0)} runs/s |`,
);
console.log(
  `\nratio accepted/bare, worker stopped (median of per-round ratios): ${fmt(tb.ratio)} (target >= 0.5); the floor's: ${fmt(tb.floorRatio)}; accepted/floor: ${fmt(tb.ofFloor)} (target >= 0.8); non-2xx ${tb.non2xx}`,
);
console.log(`\n## Flow runs over HTTP (${seconds} s each; 16 clients for 10 steps, 32 for 3 steps)\n`);
console.log('| flow | runs | runs/s | p50 | p99 | errors |\n|---|---|---|---|---|---|');
for (const r of await benchFlows(seconds, natsUrl, databaseUrl))
  console.log(`| ${r.name} | ${r.runs} | ${fmt(r.perSec, 0)} | ${fmt(r.p50, 2)} ms | ${fmt(r.p99, 2)} ms | ${r.errors} |`);
console.log("\n(3-step target: 10x the older system's 79 runs/s at p50 116 ms, i.e. >= 790 runs/s)");
await runMcpSection(Math.max(50, Math.floor(n / 4)), natsUrl, databaseUrl);
const gateN = Number(process.env.BENCH_CHAIN_N ?? 100);
console.log(`\n## Gate step on the dev chain (${gateN} settled spends per side, anvil automine)\n`);
printChainGate(await benchChainGate(gateN));
console.log(`\n## Metrics, rate limits and tracing, on and off (svc serve, best of 3 alternating rounds of ${seconds} s)\n`);
printOperability(await benchOperability(seconds), fmt);
process.exit(0);
