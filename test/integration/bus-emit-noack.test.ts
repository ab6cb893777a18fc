/**
 * `emit(..., { noAck: true })` (what a run's per-step RunProgress uses): the event reaches a
 * live tail with its type, trace and data on both transports, and on JetStream the event stream
 * still stores it, so the only thing given up is waiting for the stream's ack.
 */
import t from 'tap';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { BusEvent } from '../../bus/types.js';
import { harness, jetStreamUnavailable, NATS_URL, type Kind } from '../helpers/bus-transports.js';
import { until } from '../helpers/poll.js';
import { emitRaw } from '../helpers/raw-events.js';

const noJetStream = await jetStreamUnavailable();

for (const kind of ['embedded', 'jetstream'] as const satisfies readonly Kind[]) {
  t.test(kind, { skip: kind === 'jetstream' ? (noJetStream ?? false) : false }, async (t) => {
    const h = await harness(kind);
    t.teardown(() => h.close());
    const [emitter, watcher] = await Promise.all([h.client(), h.client()]);
    const seen: BusEvent[] = [];
    await watcher.tail('RunProgress', (e) => seen.push(e));
    for (let i = 1; i <= 3; i++) await emitRaw(emitter, 'RunProgress', { runId: 'r1', seq: i }, { traceId: 'tr-p', noAck: true });
    await until('three progress events on the tail', () => seen.length === 3);
    t.match(
      seen,
      [1, 2, 3].map((seq) => ({
        type: 'RunProgress',
        subject: h.names.event('RunProgress'),
        traceId: 'tr-p',
        data: { runId: 'r1', seq },
        at: String,
      })),
      'in order, whole',
    );
    if (kind === 'jetstream') {
      const nc = await connect({ servers: NATS_URL });
      t.teardown(() => nc.close());
      const jsm = await jetstreamManager(nc);
      await until('the event stream stored all three', async () => (await jsm.streams.info(h.names.eventStream)).state.messages === 3);
      const last = await jsm.streams.getMessage(h.names.eventStream, { last_by_subj: h.names.event('RunProgress') });
      t.match(last?.json<BusEvent>(), { type: 'RunProgress', data: { seq: 3 } }, 'stored as published');
    }
  });
}
