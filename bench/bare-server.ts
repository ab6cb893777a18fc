/** The yardstick: a bare Fastify route answering what /health answers, with nothing in front. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
// The same fields and size as svc's answer, so the ratio compares work, not bytes on the wire.
const body = {
  status: 'ok',
  version: '0.1.0',
  role: 'serve',
  mode: 'mock',
  down: [],
  db: { ready: true, engine: 'sqlite' },
  queue: { ready: true, provider: 'embedded' },
  auth: { required: false },
  rootAuth: { required: false },
  flows: { store: 'memory' },
  model: { provider: 'local', configured: true },
  budgets: { inference: { counters: 'process' } },
  governance: { autoExecute: false },
};
app.get('/health', async () => body);
app.post('/accept', async (_req, reply) => reply.code(202).send({ accepted: true }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ ready: true, url })}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
