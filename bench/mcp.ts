/**
 * `/mcp/call` round trip (HTTP through the gateway → bus → mcp actor → a local Streamable HTTP
 * MCP server → back) in embedded mode and on JetStream + PostgreSQL, versus the SDK client
 * calling that server directly in the same run; plus the refusal round trip (a blocked tool,
 * answered 403 before any network use). Run as a script (`node dist/bench/mcp.js serve`) this
 * file is the local MCP server child, so the server never shares an event loop with the load.
 * `node dist/bench/mcp.js [n]` runs this section alone (NATS_URL, DATABASE_URL; BENCH_PROFILE=<dir>
 * writes --cpu-prof profiles of the svc processes there).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { BIN, startChild, startSvc, percentile, type Child } from './children.js';
import { dropAll } from './roundtrip.js';

export interface McpRow {
  name: string;
  n: number;
  p50: number;
  p99: number;
  perSec: number;
}
export interface McpBench {
  rows: McpRow[];
  ratioEmbedded: number;
  ratioJetStream: number;
  ratioPerSession: number;
  /** bench/mcp-floor.ts over the direct call: one HTTP hop in front of it, and an HTTP hop plus a core NATS hop. */
  floorEmbedded: number;
  floorBus: number;
}

/**
 * Runs the cases round-robin, one call of each per round, so a burst of load from elsewhere on
 * the machine lands on every case alike and the ratios stay comparable.
 */
async function timeInterleaved(n: number, cases: readonly (readonly [string, () => Promise<unknown>])[]): Promise<McpRow[]> {
  const times = cases.map(() => [] as number[]);
  const spent = cases.map(() => 0);
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < cases.length; c++) {
      const t0 = performance.now();
      await cases[c]![1]();
      const dt = performance.now() - t0;
      times[c]!.push(dt);
      spent[c]! += dt;
    }
  }
  return cases.map(([name], c) => {
    const sorted = times[c]!.sort((a, b) => a - b);
    return { name, n, p50: percentile(sorted, 50), p99: percentile(sorted, 99), perSec: (n / spent[c]!) * 1000 };
  });
}

/** The local MCP server: stateless Streamable HTTP, JSON responses, tools `echo` and `blocked`. */
async function serve(): Promise<void> {
  const tools = [
    { name: 'echo', description: 'echoes its arguments', inputSchema: { type: 'object' as const } },
    { name: 'blocked', description: 'never allowed', inputSchema: { type: 'object' as const } },
  ];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const mcp = new McpServer({ name: 'bench-http', version: '1.0.0' });
    mcp.server.registerCapabilities({ tools: {} });
    mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools }));
    mcp.server.setRequestHandler(CallToolRequestSchema, async (r) => ({
      content: [{ type: 'text', text: JSON.stringify(r.params.arguments ?? {}) }],
    }));
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  console.log(JSON.stringify({ ready: true, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp` }));
}

async function post(url: string, body: unknown, expect: number, path = '/mcp/call'): Promise<void> {
  const res = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  await res.arrayBuffer();
  if (res.status !== expect) throw new Error(`${path} answered ${res.status}, expected ${expect}`);
}

async function allowEcho(url: string): Promise<void> {
  const res = await fetch(`${url}/mcp/servers/tools`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ server: 'bench', tool: 'echo', enabled: true, effect: 'read' }),
  });
  if (res.status !== 200) throw new Error(`allow echo answered ${res.status}: ${await res.text()}`);
}

async function sdkClient(url: string): Promise<Client> {
  const client = new Client({ name: 'bench', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url)));
  return client;
}

export async function benchMcp(n: number, natsUrl: string, databaseUrl: string): Promise<McpBench> {
  const self = fileURLToPath(import.meta.url);
  const target = await startChild([self, 'serve'], {}, (r) => r.ready === true);
  const servers = JSON.stringify([{ id: 'bench', transport: 'http', url: target.url }]);
  const prefix = `benchm${Date.now().toString(36)}`;
  const jsEnv = {
    NATS_URL: natsUrl,
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: prefix,
    SVC_BUS_PREFIX: prefix,
    SVC_MCP_SERVERS: servers,
    SVC_MCP_REFRESH_MINUTES: '0',
    LOG_LEVEL: 'warn',
  };
  const children: Child[] = [target];
  try {
    // BENCH_PROFILE=<dir>: the svc processes write --cpu-prof profiles there (Node refuses the flag in NODE_OPTIONS).
    const role = (name: string, env: Record<string, string>) =>
      process.env.BENCH_PROFILE
        ? startChild(
            ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, BIN, name],
            { SVC_ORCH_PORT: '0', SVC_ORCH_HOST: '127.0.0.1', ...env, LOG_LEVEL: 'info' },
            (r) => r.msg === 'svc started',
          )
        : startSvc([name], env);
    const floorSubject = `${prefix}.floor`;
    const floorWorker = await startChild(
      [fileURLToPath(new URL('./mcp-floor.js', import.meta.url)), 'worker', target.url!, floorSubject],
      { NATS_URL: natsUrl },
      (r) => r.ready === true,
    );
    children.push(floorWorker);
    const floor = await startChild(
      [fileURLToPath(new URL('./mcp-floor.js', import.meta.url)), 'gateway', target.url!, floorSubject],
      { NATS_URL: natsUrl },
      (r) => r.ready === true,
    );
    children.push(floor);
    const embedded = await role('serve', { SVC_MCP_SERVERS: servers, SVC_MCP_REFRESH_MINUTES: '0' });
    children.push(embedded);
    const worker = await role('worker', { ...jsEnv, LOG_LEVEL: 'info' });
    children.push(worker);
    const gateway = await role('gateway', { ...jsEnv, LOG_LEVEL: 'info' });
    children.push(gateway);
    await allowEcho(embedded.url!);
    await allowEcho(gateway.url!);

    const args = { text: 'bench', n: 1 };
    const direct = await sdkClient(target.url!);
    const viaMcp = await sdkClient(`${embedded.url}/mcp`);
    const cases: [string, () => Promise<unknown>][] = [
      ['SDK client → server directly (one connected client)', () => direct.callTool({ name: 'echo', arguments: args })],
      [
        'SDK client → server directly (connect, call, close each time)',
        async () => {
          const c = await sdkClient(target.url!);
          await c.callTool({ name: 'echo', arguments: args });
          await c.close();
        },
      ],
      ['POST /mcp/call, embedded (serve)', () => post(embedded.url!, { name: 'mcp__bench__echo', arguments: args }, 200)],
      [
        'POST /mcp/call, JetStream + PostgreSQL (gateway + worker)',
        () => post(gateway.url!, { name: 'mcp__bench__echo', arguments: args }, 200),
      ],
      ['SDK client → svc /mcp → server, embedded', () => viaMcp.callTool({ name: 'mcp__bench__echo', arguments: args })],
      [
        'floor: an HTTP hop in front of the direct call (Fastify, SDK client in that process)',
        () => post(floor.url!, { name: 'echo', arguments: args }, 200, '/call'),
      ],
      [
        'floor: an HTTP hop and a core NATS hop in front of the direct call (SDK client in a third process)',
        () => post(floor.url!, { name: 'echo', arguments: args }, 200, '/call-bus'),
      ],
      ['refusal: POST /mcp/call blocked tool, embedded', () => post(embedded.url!, { name: 'mcp__bench__blocked', arguments: {} }, 403)],
      [
        'refusal: POST /mcp/call blocked tool, JetStream + PostgreSQL',
        () => post(gateway.url!, { name: 'mcp__bench__blocked', arguments: {} }, 403),
      ],
    ];
    await timeInterleaved(Math.min(100, n), cases);
    const rows = await timeInterleaved(n, cases);
    await direct.close();
    await viaMcp.close();
    const p50 = (i: number) => rows[i]!.p50;
    return {
      rows,
      ratioEmbedded: p50(2) / p50(0),
      ratioJetStream: p50(3) / p50(0),
      ratioPerSession: p50(2) / p50(1),
      floorEmbedded: p50(5) / p50(0),
      floorBus: p50(6) / p50(0),
    };
  } finally {
    await Promise.all(children.map((c) => c.stop()));
    await dropAll(natsUrl, databaseUrl, prefix).catch(() => undefined);
  }
}

/** The section `npm run bench` prints (bench/run.ts calls this). */
export async function runMcpSection(n: number, natsUrl: string, databaseUrl: string): Promise<void> {
  const fmt = (x: number, d = 2) => (Number.isFinite(x) ? x.toFixed(d) : 'n/a');
  console.log(`\n## External MCP calls (${n} sequential calls each, cases interleaved; local Streamable HTTP MCP server, tool allowed)\n`);
  console.log('| path | p50 | p99 | calls/s |\n|---|---|---|---|');
  const r = await benchMcp(n, natsUrl, databaseUrl);
  for (const x of r.rows) console.log(`| ${x.name} | ${fmt(x.p50, 3)} ms | ${fmt(x.p99, 3)} ms | ${fmt(x.perSec, 0)} |`);
  console.log(
    `\nratio /mcp/call / direct connected client (p50): embedded ${fmt(r.ratioEmbedded)}, JetStream + PostgreSQL ${fmt(r.ratioJetStream)} (target <= 1.5); embedded / direct connect-call-close: ${fmt(r.ratioPerSession)}`,
  );
  console.log(`floors / direct (p50): an HTTP hop ${fmt(r.floorEmbedded)}, an HTTP hop and a NATS hop ${fmt(r.floorBus)}`);
}

// `node dist/bench/mcp.js serve` is the MCP server child; `node dist/bench/mcp.js [n]` runs this section alone.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] === 'serve') await serve();
  else
    await runMcpSection(
      Number(process.argv[2] ?? 300),
      process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
      process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    );
}
