/**
 * SVC_EVT_MAX_BYTES / SVC_EVT_MAX_AGE reach the event stream: a new stream is created with them,
 * an existing one follows them at the next start (as the duplicate window does), and unsetting
 * the size limit lifts it again.
 */
import t from 'tap';
import { createJetStreamBus } from '../../bus/jetstream.js';
import type { EventLimits } from '../../bus/jetstream-setup.js';
import { loadConfig } from '../../runtime/config.js';
import { jetStreamUnavailable, log, NATS_URL, scratchStreams } from '../helpers/bus-transports.js';

const skip = (await jetStreamUnavailable()) ?? false;

t.test("the event stream's limits follow the running config", { skip }, async (t) => {
  const { names, jsm } = await scratchStreams(t);
  const limitsOf = async (stream: string) => {
    const c = (await jsm.streams.info(stream)).config;
    return { maxBytes: c.max_bytes, maxAgeMs: c.max_age / 1_000_000 };
  };
  const startWith = async (limits: EventLimits) => {
    const bus = createJetStreamBus({ servers: NATS_URL, names, log, eventLimits: limits });
    await bus.start();
    await bus.destroy();
  };

  await startWith(loadConfig({ SVC_EVT_MAX_BYTES: '64MB', SVC_EVT_MAX_AGE: '12h' }).eventLimits);
  t.same(await limitsOf(names.eventStream), { maxBytes: 64 * 1024 ** 2, maxAgeMs: 12 * 3600_000 }, 'a new stream is created with them');
  const dlq = await limitsOf(names.deadLetterStream);

  await startWith(loadConfig({ SVC_EVT_MAX_BYTES: '1G', SVC_EVT_MAX_AGE: '2d' }).eventLimits);
  t.same(await limitsOf(names.eventStream), { maxBytes: 1024 ** 3, maxAgeMs: 2 * 86_400_000 }, 'an existing stream takes new ones');

  await startWith(loadConfig({}).eventLimits);
  t.same(await limitsOf(names.eventStream), { maxBytes: -1, maxAgeMs: 7 * 86_400_000 }, 'unset: no size limit, a week');
  t.same(await limitsOf(names.deadLetterStream), dlq, 'the other streams are left as they were');
});
