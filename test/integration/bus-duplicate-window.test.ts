/**
 * SVC_DUPLICATE_WINDOW_MS reaches the command stream: a new stream is created with it, and an
 * existing one follows it at the next start (as consumers follow SVC_ACK_WAIT_MS), so the knob
 * is never silently ignored. Its effect on a late webhook copy is test/integration/triggers/late-copy.test.ts.
 */
import t from 'tap';
import { createJetStreamBus } from '../../bus/jetstream.js';
import { jetStreamUnavailable, log, NATS_URL, scratchStreams } from '../helpers/bus-transports.js';

const skip = (await jetStreamUnavailable()) ?? false;

t.test("the command stream's duplicate window follows the running config", { skip }, async (t) => {
  const { names, jsm } = await scratchStreams(t);
  const windowOf = async (stream: string) => (await jsm.streams.info(stream)).config.duplicate_window / 1_000_000;

  const first = createJetStreamBus({ servers: NATS_URL, names, log });
  await first.start();
  await first.destroy();
  t.equal(await windowOf(names.commandStream), 120_000, 'two minutes by default');
  const evt = await windowOf(names.eventStream);

  const second = createJetStreamBus({ servers: NATS_URL, names, log, duplicateWindowMs: 3_000 });
  await second.start();
  await second.destroy();
  t.equal(await windowOf(names.commandStream), 3_000, 'an existing stream takes the configured window');
  t.equal(await windowOf(names.eventStream), evt, 'the event stream is left as it was');
});
