/** The yardstick for a round trip: a core NATS responder with nothing in between. */
import { connect } from '@nats-io/transport-node';

const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
const subject = process.env.BENCH_SUBJECT ?? 'bench.raw';
nc.subscribe(subject, {
  callback: (_err, msg) => {
    msg.respond(msg.data);
  },
});
await nc.flush();
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.once('SIGTERM', () => void nc.drain().then(() => process.exit(0)));
