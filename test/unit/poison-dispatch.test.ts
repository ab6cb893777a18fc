/**
 * The dispatcher's poison decision, on a fake delivery: a redelivery whose earlier deliveries
 * were lost (not nak'd) `poisonAfter` times is dead-lettered as `poison` without running its
 * handler; the actor is told first, and if it cannot keep what the command left, nothing is
 * dead-lettered and the command is handed back. A nak count that could not be read is not
 * taken for zero when the nak is recorded.
 */
import t from 'tap';
import { createDispatcher, type Delivery } from '../../bus/consumer.js';
import { names } from '../../bus/subjects.js';
import { createLogger } from '../../runtime/log.js';
import { encode } from '../../bus/wire.js';
import type { DeadLetter } from '../../schemas/dlq.js';
import { AppError } from '../../schemas/errors.js';

const n = names('svc');

function harness(onPoisoned: (verb: string, payload: unknown) => Promise<void>, naks: () => Promise<number> = async () => 0) {
  const steps: string[] = [];
  let ran = 0;
  const dispatcher = createDispatcher({
    actor: 'run',
    names: n,
    handlers: {
      start: async () => {
        ran++;
        return {};
      },
    },
    concurrency: 1,
    ackWaitMs: 1000,
    maxDeliver: 10,
    backoffMs: () => 0,
    log: createLogger('silent'),
    reply: () => undefined,
    deadLetter: async (entry: Omit<DeadLetter, 'id'>) => {
      steps.push(`dead-letter ${entry.error.error} ${entry.deliveries}`);
    },
    poison: {
      poisonAfter: 2,
      naks,
      recordNak: async (_d, naks) => void steps.push(`nak recorded ${naks}`),
      onPoisoned: async (verb, payload) => {
        steps.push(`told ${verb} ${(payload as { runId: string }).runId}`);
        await onPoisoned(verb, payload);
      },
    },
  });
  const deliver = async (deliveryCount: number): Promise<void> => {
    const d: Delivery = {
      seq: 7,
      subject: n.command('run', 'start'),
      data: encode({ runId: 'r1' }),
      msgId: 'm1',
      traceId: 'tr',
      replyTo: undefined,
      deliveryCount,
      ack: () => void steps.push('ack'),
      nak: () => void steps.push('nak'),
      term: () => void steps.push('term'),
      working: () => undefined,
    };
    dispatcher.dispatch(d);
    while (dispatcher.inFlight() > 0) await new Promise((r) => setImmediate(r));
  };
  return { steps, deliver, ran: () => ran };
}

t.test('two lost deliveries: the third is told, dead-lettered as poison and terminated, not run', async (t) => {
  const h = harness(async () => undefined);
  await h.deliver(2);
  t.equal(h.ran(), 1, 'one loss is not poison yet');
  h.steps.length = 0;
  await h.deliver(3);
  t.equal(h.ran(), 1, 'the poison delivery did not run');
  t.same(h.steps, ['told start r1', 'dead-letter poison 3', 'term']);
});

t.test('the actor cannot keep what the command left: nothing dead-lettered, the command is handed back', async (t) => {
  const h = harness(async () => {
    throw new Error('store down');
  });
  await h.deliver(3);
  t.equal(h.ran(), 0);
  t.same(h.steps, ['told start r1', 'nak recorded 1', 'nak']);
});

t.test('the nak count could not be read: the outage nak records every delivery so far as nak, not one', async (t) => {
  const h = harness(
    async () => undefined,
    async () => {
      throw new AppError('bus_unavailable', { message: 'could not read the nak count' });
    },
  );
  await h.deliver(30);
  t.equal(h.ran(), 0, 'not run while it cannot be told from poison');
  // Recording 1 would make the next delivery count 29 of its 30 earlier deliveries as lost.
  t.same(h.steps, ['nak recorded 30', 'nak']);
});
