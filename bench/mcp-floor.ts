/**
 * The floors under `/mcp/call`: the direct SDK client call plus only the hops svc's deployments
 * add, with no allowlist, audit, egress check or bound. bench/mcp.ts times them beside svc.
 * - `gateway <server url> <subject>`: a Fastify app. `POST /call` calls the tool with an SDK
 *   client held in this process (the embedded shape: one HTTP hop in front of the direct call);
 *   `POST /call-bus` forwards the body as a core NATS request to `<subject>` (the JetStream +
 *   PostgreSQL shape: the HTTP hop and a bus hop to another process).
 * - `worker <server url> <subject>`: answers `<subject>` with an SDK client held in this process.
 * The clients send through `leanFetch` (node:http, one kept-alive agent, the answer read whole),
 * the least a fetch for the SDK's transport can do; svc's own (actors/mcp-dispatch/http-fetch.ts)
 * is that plus the egress checks and the byte bound. Env: NATS_URL.
 */
import http from 'node:http';
import Fastify from 'fastify';
import { connect } from '@nats-io/transport-node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [role, target, subject] = process.argv.slice(2) as [string, string, string];
const agent = new http.Agent({ keepAlive: true });
const leanFetch = (input: string | URL, init: RequestInit = {}): Promise<Response> => {
  // No standalone GET stream: answered 405, which the SDK takes as "not offered".
  if ((init.method ?? 'GET') === 'GET') return Promise.resolve(new Response(null, { status: 405 }));
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    new Headers(init.headers ?? {}).forEach((v, k) => {
      headers[k] = v;
    });
    const req = http.request(String(input), { method: init.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const h = new Headers();
        for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) h.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
        const status = res.statusCode ?? 502;
        resolve(new Response(status === 202 || status === 204 ? null : Buffer.concat(chunks), { status, headers: h }));
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(typeof init.body === 'string' ? init.body : undefined);
  });
};
const client = new Client({ name: 'bench-floor', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(target), { fetch: leanFetch }));
const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
const call = async (body: { name: string; arguments?: Record<string, unknown> }) => ({
  status: 'ok',
  name: body.name,
  result: await client.callTool({ name: body.name, arguments: body.arguments ?? {} }),
  untrusted: true,
});

if (role === 'worker') {
  nc.subscribe(subject, {
    callback: (_err, msg) => {
      void call(msg.json()).then(
        (out) => msg.respond(JSON.stringify(out)),
        (err: Error) => msg.respond(JSON.stringify({ error: err.message })),
      );
    },
  });
  await nc.flush();
  process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
} else {
  const app = Fastify({ logger: false });
  app.post<{ Body: { name: string; arguments?: Record<string, unknown> } }>('/call', async (req) => call(req.body));
  app.post('/call-bus', async (req, reply) => {
    const res = await nc.request(subject, JSON.stringify(req.body), { timeout: 10_000 });
    return reply.type('application/json').send(res.string());
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${JSON.stringify({ ready: true, url })}\n`);
}
process.once('SIGTERM', () => void Promise.allSettled([client.close(), nc.close()]).then(() => process.exit(0)));
