/** The floor for a durable round trip: a bare JetStream pull consumer that replies, with none of
 * svc's dispatching, acking policy or codecs. */
import { connect } from '@nats-io/transport-node';
import { AckPolicy, jetstream, jetstreamManager, RetentionPolicy } from '@nats-io/jetstream';

const nc = await connect({ servers: process.env.NATS_URL ?? 'nats://127.0.0.1:4222' });
const stream = process.env.BENCH_STREAM ?? 'BENCHRAW';
const subject = process.env.BENCH_SUBJECT ?? 'benchraw.cmd';
const jsm = await jetstreamManager(nc);
await jsm.streams.add({ name: stream, subjects: [subject], retention: RetentionPolicy.Workqueue });
await jsm.consumers.add(stream, { durable_name: 'w', ack_policy: AckPolicy.Explicit });
const consumer = await jetstream(nc).consumers.get(stream, 'w');
const messages = await consumer.consume({ max_messages: 16 });
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);
process.once(
  'SIGTERM',
  () =>
    void (async () => {
      messages.stop();
      await jsm.streams.delete(stream);
      await nc.drain();
      process.exit(0);
    })(),
);
for await (const m of messages) {
  const to = m.headers?.get('Reply-To');
  if (to) nc.publish(to, m.data);
  m.ack();
}
