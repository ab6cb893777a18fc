/**
 * The embedded transport: a `Bus` client of an in-process broker. One broker per process in
 * production (`svc serve` without NATS_URL); tests give several clients one broker to play
 * several processes, and `destroy()` plays a crash (in-flight work is never acked, so the broker
 * redelivers it after the ack wait), which is how the redelivery contract is tested without NATS.
 */
import type { Logger } from 'pino';
import { AppError } from '../schemas/errors.js';
import type { Bus, BusEvent, CallOptions, ConsumerHandle, ConsumerLiveness, SendResult, Subscription } from './types.js';
import { ACTORS, type ActorName, type Names } from './subjects.js';
import type { DeadLetter } from '../schemas/dlq.js';
import { createDispatcher, type Delivery } from './consumer.js';
import { type Answer, type EmbeddedBroker } from './embedded-broker.js';
import { eventId, resumeSeq } from './event-ids.js';
import { publishTraced, requestTraced, serveTraced } from './trace.js';
import {
  answerRequest,
  checkTailFilter,
  decode,
  defaultBackoffMs,
  duplicateCall,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONCURRENCY,
  encode,
  MAX_DELIVER,
  newId,
  newTraceId,
  readReply,
  timeoutError,
  unavailable,
  withTimeout,
} from './wire.js';

export { createEmbeddedBroker, type EmbeddedBroker, type EmbeddedBrokerOptions } from './embedded-broker.js';

export interface EmbeddedBusOptions {
  broker: EmbeddedBroker;
  names: Names;
  log: Logger;
  ackWaitMs?: number;
  maxDeliver?: number;
  backoffMs?: (deliveryCount: number) => number;
  /** Told of every dead letter stored (main/system.ts records it as an audit event). */
  onDeadLetter?: (dl: DeadLetter) => void;
  /** Test-only: runs just before a command is acked (kernel/faults.ts `ack.before`). */
  beforeAck?: (actor: string, verb: string) => void;
}

export type EmbeddedBus = Bus & { destroy(): Promise<void> };

const DEFAULT_GRACE_MS = 10_000;

export function createEmbeddedBus(opts: EmbeddedBusOptions): EmbeddedBus {
  const { broker, names } = opts;
  const log = opts.log.child({ bus: 'embedded' });
  const ackWaitMs = opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  const handles = new Set<ConsumerHandle>();
  const detachers = new Set<() => void>();
  const waiting = new Set<(err: Error) => void>();
  let dead = false;
  let closed = false;

  const alive = (): void => {
    if (dead || closed) throw unavailable('the bus client is closed');
  };

  /** A destroyed client must look crashed: nothing it does afterwards reaches the broker. */
  const guard = (d: Delivery): Delivery => ({
    ...d,
    ack: () => void (dead || d.ack()),
    nak: (ms) => void (dead || d.nak(ms)),
    term: () => void (dead || d.term()),
    working: () => void (dead || d.working()),
  });

  const track = (undo: () => void): Subscription => {
    detachers.add(undo);
    return {
      unsubscribe: async () => {
        detachers.delete(undo);
        undo();
      },
    };
  };

  /** Waits for one answer, but gives up when the client dies or the time runs out. */
  function awaitAnswer(p: Promise<Answer>, ms: number, what: string): Promise<Answer> {
    let fail: (err: Error) => void = () => undefined;
    const killed = new Promise<never>((_, reject) => {
      fail = reject;
      waiting.add(reject);
    });
    return withTimeout(Promise.race([p, killed]), ms, () => timeoutError(what, ms)).finally(() => waiting.delete(fail));
  }

  const send: Bus['send'] = async (actor, verb, payload, o = {}) => {
    alive();
    const subject = names.command(actor, verb);
    return publishTraced(subject, o.traceId, async (t) =>
      broker.publishCommand(names.commandFilter(actor), subject, encode(payload), {
        msgId: o.msgId ?? newId(),
        traceId: t.traceId,
        headers: t.headers,
      }),
    );
  };

  const bus: EmbeddedBus = {
    provider: 'embedded',
    names,

    async start() {
      alive();
    },

    send,

    async call<R>(actor: ActorName, verb: string, payload: unknown, o: CallOptions = {}): Promise<R> {
      alive();
      const inbox = names.replyInbox(newId());
      const timeoutMs = o.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
      let stopListening = (): void => undefined;
      const answer = new Promise<Answer>((resolve) => {
        stopListening = broker.listenInbox(inbox, resolve);
      });
      try {
        const subject = names.command(actor, verb);
        const res: SendResult = await publishTraced(subject, o.traceId, async (t) =>
          broker.publishCommand(names.commandFilter(actor), subject, encode(payload), {
            msgId: o.msgId ?? newId(),
            traceId: t.traceId,
            replyTo: inbox,
            headers: t.headers,
          }),
        );
        if (res.duplicate) throw duplicateCall(actor, verb);
        const a = await awaitAnswer(answer, timeoutMs, `${actor}.${verb}`);
        return readReply<R>(a.body, a.isError);
      } finally {
        stopListening();
      }
    },

    async consume(actor, handlers, o = {}) {
      alive();
      const queue = names.commandFilter(actor);
      const dispatcher = createDispatcher({
        actor,
        names,
        handlers,
        check: o.check,
        concurrency: o.concurrency ?? DEFAULT_CONCURRENCY,
        ackWaitMs,
        maxDeliver: opts.maxDeliver ?? MAX_DELIVER,
        backoffMs: opts.backoffMs ?? defaultBackoffMs,
        beforeAck: opts.beforeAck,
        deadLetter: async (entry) => {
          if (dead) throw unavailable('the bus client was destroyed');
          opts.onDeadLetter?.(broker.storeDeadLetter(entry));
        },
        log,
        reply: (to, body, isError) => {
          if (!dead) broker.reply(to, { body, isError });
        },
        onFree: () => broker.pump(queue),
      });
      const detach = broker.attach(queue, {
        ackWaitMs,
        free: () => (dead ? 0 : dispatcher.free()),
        deliver: (d) => dispatcher.dispatch(guard(d)),
      });
      detachers.add(detach);
      let stopped: Promise<void> | undefined;
      const handle: ConsumerHandle = {
        actor,
        stop(graceMs = DEFAULT_GRACE_MS) {
          stopped ??= (async () => {
            detach();
            detachers.delete(detach);
            await dispatcher.drain(graceMs);
            handles.delete(handle);
          })();
          return stopped;
        },
      };
      handles.add(handle);
      return handle;
    },

    async request<R>(name: string, payload: unknown, o: { timeoutMs?: number; traceId?: string } = {}): Promise<R> {
      alive();
      const timeoutMs = o.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
      const a = await requestTraced(name, o.traceId, (carry) =>
        awaitAnswer(broker.request(names.rpc(name), encode(payload), carry.traceId), timeoutMs, `rpc ${name}`),
      );
      return readReply<R>(a.body, a.isError);
    },

    async serve(name, handler) {
      alive();
      return track(
        broker.serve(names.rpc(name), (body, traceId) =>
          serveTraced(name, traceId, undefined, () => answerRequest(handler, body, traceId, log)),
        ),
      );
    },

    async emit(type, data, o = {}) {
      alive();
      const subject = names.event(type);
      const evt: BusEvent = { type, subject, at: o.at ?? new Date().toISOString(), traceId: o.traceId ?? newTraceId(), data };
      broker.publishEvent(subject, encode(evt));
    },

    async tail(filter, onEvent, o = {}) {
      alive();
      checkTailFilter(filter);
      const epoch = broker.eventEpoch;
      return track(
        broker.subscribe(
          names.eventFilter(filter),
          (_subject, data, seq) => {
            try {
              onEvent(decode(data) as BusEvent, eventId(epoch, seq));
            } catch (err) {
              log.warn({ err }, 'tail listener failed');
            }
          },
          resumeSeq(o.after, epoch, broker.heldEvents()),
        ),
      );
    },

    async deadLetters(o = {}) {
      alive();
      return broker.deadLetters(o.limit ?? 100);
    },

    async replayDeadLetter(id) {
      alive();
      const dl = broker.takeDeadLetter(id);
      if (dl === undefined) throw new AppError('record_not_found', { message: `no dead letter ${id}` });
      const data = dl.payloadText !== undefined ? new TextEncoder().encode(dl.payloadText) : encode(dl.payload);
      const res = broker.publishCommand(names.commandFilter(dl.actor as ActorName), dl.subject, data, {
        msgId: `replay.${id}.${dl.msgId}`,
        traceId: dl.traceId,
      });
      return { replayed: dl, seq: res.seq };
    },

    async dropDeadLetter(id) {
      alive();
      const dl = broker.takeDeadLetter(id);
      if (dl === undefined) throw new AppError('record_not_found', { message: `no dead letter ${id}` });
      return { dropped: dl };
    },

    async consumers() {
      return Object.fromEntries(
        ACTORS.map((a) => [a, { live: !dead && !closed && broker.consumers(names.commandFilter(a)) > 0 }]),
      ) as Record<ActorName, ConsumerLiveness>;
    },

    async health() {
      return dead || closed ? { ok: false, provider: 'embedded', detail: 'closed' } : { ok: true, provider: 'embedded' };
    },

    async close() {
      if (closed || dead) return;
      await Promise.all([...handles].map((h) => h.stop()));
      closed = true;
      dropAll(unavailable('the bus client is closed'));
    },

    async destroy() {
      dead = true;
      dropAll(unavailable('the bus client was destroyed'));
    },
  };

  function dropAll(err: AppError): void {
    for (const undo of detachers) undo();
    detachers.clear();
    for (const reject of waiting) reject(err);
    waiting.clear();
  }

  return bus;
}
