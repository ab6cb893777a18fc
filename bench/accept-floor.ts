/**
 * The floor under a webhook accept: what any gateway that keeps the 202 promise ("stored in
 * JetStream before it is answered") must do, and nothing more. A Fastify route reads the raw
 * body, checks the svc signature with svc's own verifier, parses the JSON, stores a run command
 * through svc's JetStream bus (msgId = run id, waiting for the stream's ack) and answers 202. No
 * trigger lookup, no delivery log, no audit, no store at all. bench/triggers.ts measures it in
 * the same run as the bare route and the gateway: the bare route over this floor is what JetStream
 * durability alone costs on this machine, before svc does anything of its own.
 * Env: NATS_URL, BENCH_PREFIX (its own streams, deleted by the caller), BENCH_SECRET.
 */
import Fastify from 'fastify';
import { pino } from 'pino';
import { createBus, names } from '../bus/index.js';
import { verifySvc } from '../ingress/schemes.js';
import { webhookRunId } from '../ingress/deliver.js';

const secret = process.env.BENCH_SECRET ?? '';
const bus = createBus({
  servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  names: names(process.env.BENCH_PREFIX ?? 'benchfloor'),
  log: pino({ level: 'silent' }),
  name: 'bench-accept-floor',
});
await bus.start();

const app = Fastify({ logger: false });
app.removeAllContentTypeParsers();
app.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
app.post<{ Params: { triggerId: string } }>('/hooks/:triggerId', async (req, reply) => {
  const raw = req.body as Buffer;
  verifySvc(secret, req.headers, raw, Date.now(), 300);
  const input: unknown = JSON.parse(raw.toString('utf8'));
  const runId = webhookRunId(req.params.triggerId, String(req.headers['idempotency-key']));
  const ack = await bus.send(
    'run',
    'start',
    { runId, flowId: 'bench', input, principal: 'operator', trigger: 'webhook', traceId: req.id },
    { msgId: runId, traceId: req.id },
  );
  return ack.duplicate ? reply.code(200).send({ duplicate: true }) : reply.code(202).send({ accepted: true, runId });
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ ready: true, url })}\n`);
process.once(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => bus.close())
      .then(() => process.exit(0)),
);
