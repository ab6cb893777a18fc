/** The yardstick: a bare Fastify route answering what /health answers, with nothing in front. */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
const body = { status: 'ok', version: '0.0.0', role: 'serve', mode: 'mock', down: [] };
app.get('/health', async () => body);
app.post('/accept', async (_req, reply) => reply.code(202).send({ accepted: true }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ ready: true, url })}\n`);
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
