/**
 * The floors under `/mcp/call`: the direct SDK client call plus only the hops svc's deployments
 * add, with no allowlist, audit, egress check or bound. bench/mcp.ts times them beside svc.
 * - `gateway <server url> <subject>`: a Fastify app. `POST /call` calls the tool with an SDK
 *   client held in this process (the embedded shape: one HTTP hop in front of the direct call);
 *   `POST /call-bus` forwards the body as a core NATS request to `<subject>` (the JetStream +
 *   PostgreSQL shape: the HTTP hop and a bus hop to another process).
 * - `worker <server url> <subject>`: answers `<subject>` with an SDK client held in this process.
 * Env: NATS_URL.
 */
import Fastify from 'fastify';
import { connect } from '@nats-io/transport-node';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

const [role, target, subject] = process.argv.slice(2) as [string, string, string];
const client = new Client({ name: 'bench-floor', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(target)));
const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
const call = async (body: { name: string; arguments?: Record<string, unknown> }) => ({
  status: 'ok', name: body.name, result: await client.callTool({ name: body.name, arguments: body.arguments ?? {} }), untrusted: true,
});

if (role === 'worker') {
  nc.subscribe(subject, {
    callback: (_err, msg) => {
      void call(msg.json()).then((out) => msg.respond(JSON.stringify(out)), (err: Error) => msg.respond(JSON.stringify({ error: err.message })));
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
