/**
 * The real transport: commands in a JetStream work-queue stream with one durable pull consumer
 * per actor, events in a limits stream, request/reply and command replies over core NATS.
 * The connection retries forever and never throws into the process: while NATS is away,
 * health() says so and operations fail with `bus_unavailable` instead of crashing a worker.
 * Ack decisions are not made here but in `consumer.ts`, shared with the embedded bus.
 */
import { connect } from '@nats-io/transport-node';
import { headers, type Msg, type MsgHdrs, type NatsConnection } from '@nats-io/nats-core';
import {
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type Consumer,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { AppError, isAppError } from '../schemas/errors.js';
import type { Bus, BusEvent, CallOptions, ConsumerHandle, ConsumerLag, ConsumerLiveness, Subscription } from './types.js';
import type { DeadLetter } from '../schemas/dlq.js';
import { ACTORS, type ActorName, type Names } from './subjects.js';
import { createDispatcher, type Delivery } from './consumer.js';
import { createTurn } from './turn.js';
import { eventCarry, publishTraced, requestTraced, serveTraced } from './trace.js';
import { epochOf, eventId, resumeSeq } from './event-ids.js';
import { consumerConfig, ensureConsumer, ensureStream, streamConfigs, type EventLimits } from './jetstream-setup.js';
import type { NatsConnectOptions } from '../schemas/config.js';
import {
  answerRequest,
  checkTailFilter,
  connectFailed,
  errorText,
  settingsFailure,
  defaultBackoffMs,
  DEFAULT_ACK_WAIT_MS,
  DEFAULT_CALL_TIMEOUT_MS,
  DEFAULT_CONCURRENCY,
  decode,
  duplicateCall,
  encode,
  HEADERS,
  MAX_DELIVER,
  newId,
  newTraceId,
  readReply,
  sleep,
  timeoutError,
  unavailable,
  withTimeout,
} from './wire.js';

export interface JetStreamBusOptions {
  servers: string | string[];
  /** NATS_CREDS, NATS_NKEY_SEED, NATS_TOKEN, NATS_USER/NATS_PASSWORD, NATS_TLS_* as the client's options. */
  connectOptions?: NatsConnectOptions;
  /** SVC_EVT_MAX_BYTES / SVC_EVT_MAX_AGE. */
  eventLimits?: EventLimits;
  /** Where this connection's replies (JetStream API answers, pulled messages) arrive: one per
   * role, so a NATS user may subscribe to its own inboxes and not to another role's deliveries. */
  inboxPrefix?: string;
  names: Names;
  log: Logger;
  ackWaitMs?: number;
  /** Connection name shown by `nats server report connections`. */
  name?: string;
  backoffMs?: (deliveryCount: number) => number;
  /** Told of every dead letter stored (main/system.ts records it as an audit event). */
  onDeadLetter?: (dl: DeadLetter) => void;
  /** Test-only: runs just before a command is acked (kernel/faults.ts `ack.before`). */
  beforeAck?: (actor: string, verb: string) => void;
  /** How long an operation waits for a first connection before failing (default 5 s). */
  connectWaitMs?: number;
  /** Replicas of the streams and the claim bucket (3 on a 3-node cluster). */
  replicas?: number;
  /** The command stream's duplicate window (default two minutes). */
  duplicateWindowMs?: number;
  /** Deliveries that may end with the worker gone or stuck before the command is dead-lettered as
   * poison (consumer.ts); undefined: never. */
  poisonAfter?: number;
  /** How often an rpc answerer tells its caller it is still working (default 2 s) ... */
  rpcHeartbeatMs?: number;
  /** ... and how long a caller waits without a word before it gives the answerer up (default 15 s). */
  rpcSilenceMs?: number;
}

export type JetStreamBus = Bus & { destroy(): Promise<void> };

/** A reply on the connection's reply subscription; undefined when the connection closed first. */
type Waiter = (m: Msg | undefined) => void;
interface ReplyMux {
  conn: NatsConnection;
  base: string;
  pending: Map<string, Waiter>;
  next: number;
}
/** What the stream answers a publish: its ack, or why it did not store the message. */
interface StreamAck {
  stream?: string;
  seq?: number;
  duplicate?: boolean;
  error?: { code?: number; description?: string };
}

const DEFAULT_GRACE_MS = 10_000;
/** Short pulls: a stop never waits long for an open pull, and a lost one is soon replaced. */
const FETCH_EXPIRES_MS = 5_000;
/** A consumer that delivered within this long counts as live even with no pull waiting (a busy worker). */
const LIVE_WINDOW_MS = 3 * FETCH_EXPIRES_MS;
const PUBLISH_TIMEOUT_MS = 5_000;
const EMPTY = new Uint8Array(0);

export function createJetStreamBus(opts: JetStreamBusOptions): JetStreamBus {
  const { names } = opts;
  const log = opts.log.child({ bus: 'jetstream' });
  const ackWaitMs = opts.ackWaitMs ?? DEFAULT_ACK_WAIT_MS;
  const replicas = opts.replicas ?? 1;
  const streams = streamConfigs(names, replicas, opts.duplicateWindowMs, opts.eventLimits);
  const commandStream = streams[0]!;
  const heartbeatMs = opts.rpcHeartbeatMs ?? 2_000;
  const silenceMs = opts.rpcSilenceMs ?? 15_000;
  const handles = new Set<ConsumerHandle>();
  /** Stops a pull loop without settling anything: what a crash looks like to the server. */
  const kills = new Set<() => void>();
  const subs = new Set<{ unsubscribe(): void }>();
  /** rpc answers being worked out; close() lets them go out before the connection drains. */
  const answering = new Set<Promise<void>>();
  let nc: NatsConnection | undefined;
  let jsm: JetStreamManager | undefined;
  let connecting: Promise<NatsConnection> | undefined;
  let started: Promise<void> | undefined;
  let connected = false;
  let closed = false;
  let mux: ReplyMux | undefined;
  /** Publishes, replies and acks of one loop turn share one socket write (turn.ts). */
  const turn = createTurn();
  const unsent = (what: string) => (err: unknown) => log.warn({ err, what }, 'bus: could not send');

  /** Why the last attempt at a first connection failed (logged while start() waits). */
  let lastFailure: string | undefined;

  function connection(): Promise<NatsConnection> {
    connecting ??= firstConnection().then(
      (c) => {
        nc = c;
        connected = true;
        watch(c);
        return c;
      },
      (err: unknown) => {
        connecting = undefined;
        throw isAppError(err) ? err : connectFailed(err);
      },
    );
    return connecting;
  }

  /**
   * Tries every server, again each second, for as long as it takes, the way the client's own
   * waitOnFirstConnect would, but seeing each failure: refused credentials or a TLS setup that
   * cannot work end the wait at once with what to check, rather than look like a server that
   * is not up yet. Once connected, the client reconnects on its own, forever.
   */
  async function firstConnection(): Promise<NatsConnection> {
    const servers =
      typeof opts.servers === 'string'
        ? opts.servers
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : opts.servers;
    for (;;) {
      try {
        return await connect({
          ...opts.connectOptions,
          ...(opts.inboxPrefix === undefined ? {} : { inboxPrefix: opts.inboxPrefix }),
          servers,
          name: opts.name ?? `svc-${process.pid}`,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 1_000,
          // Otherwise every request (each JetStream publish waits for its ack) captures two stack
          // traces up front for errors that almost never happen: ~5% of a gateway's CPU on the
          // webhook path. Our errors wrap the client's as `cause` with what was being done.
          noAsyncTraces: true,
        });
      } catch (err) {
        if (closed || settingsFailure(err) !== undefined) throw connectFailed(err);
        lastFailure = errorText(err);
        await sleep(1_000);
      }
    }
  }

  function watch(c: NatsConnection): void {
    void (async () => {
      for await (const s of c.status()) {
        if (s.type === 'disconnect') {
          connected = false;
          log.warn({ server: s.server }, 'disconnected from NATS; reconnecting');
        } else if (s.type === 'reconnect') {
          connected = true;
          log.info({ server: s.server }, 'reconnected to NATS');
        }
      }
    })().catch(() => undefined);
    void c.closed().then((err) => {
      connected = false;
      if (err) log.error({ err }, 'NATS connection closed with an error');
    });
  }

  /** Operations never hang on a server that is not there: they fail with a 503-shaped error. */
  async function ready(): Promise<NatsConnection> {
    if (closed) throw unavailable('the bus client is closed');
    return nc ?? withTimeout(connection(), opts.connectWaitMs ?? 5_000, () => unavailable('not connected to NATS'));
  }

  async function manager(): Promise<JetStreamManager> {
    jsm ??= await jetstreamManager(await ready());
    return jsm;
  }

  function hdrs(traceId: string, extra?: Record<string, string>, carried?: Record<string, string>): MsgHdrs {
    const h = headers();
    h.set(HEADERS.trace, traceId);
    for (const [k, v] of Object.entries(extra ?? {})) h.set(k, v);
    if (carried !== undefined) for (const k in carried) h.set(k, carried[k]!);
    return h;
  }

  /**
   * A JetStream publish, its ack coming back on the connection's reply subscription (`replies`)
   * rather than through the client's request(), which per message builds a request object, a
   * second timer and, once answered, an Error with a captured stack it then discards (~8% of a
   * gateway's CPU on the webhook path, which publishes twice per delivery). The stream answers
   * a publish that carries a reply subject with its ack or its refusal; with no stream on the
   * subject the server answers 503 at once (no responders), so nothing waits out the timeout.
   */
  async function publish(
    subject: string,
    data: Uint8Array,
    msgId: string | undefined,
    h: MsgHdrs,
  ): Promise<{ duplicate: boolean; seq: number }> {
    const c = await ready();
    if (msgId !== undefined) h.set(HEADERS.msgId, msgId);
    let reply: Msg | 'timeout' | 'silent' | undefined;
    try {
      reply = await exchange(c, 'p', PUBLISH_TIMEOUT_MS, (to) => c.publish(subject, data, { reply: to, headers: h }));
    } catch (err) {
      throw unavailable(`could not store ${subject}`, err);
    }
    if (reply === undefined) throw unavailable(`could not store ${subject}: the connection closed before the stream answered`);
    if (reply === 'timeout' || reply === 'silent')
      throw unavailable(`could not store ${subject}: no answer from the stream within ${PUBLISH_TIMEOUT_MS} ms`);
    if (reply.data.length === 0 && reply.headers?.code === 503) throw unavailable(`no stream stores ${subject}`);
    let ack: StreamAck;
    try {
      ack = decode(reply.data) as StreamAck;
    } catch (err) {
      throw unavailable(`could not store ${subject}: unreadable answer from the stream`, err);
    }
    if (ack.error || typeof ack.seq !== 'number')
      throw unavailable(`could not store ${subject}: ${ack.error?.description ?? 'no sequence in the ack'}`);
    return { duplicate: ack.duplicate === true, seq: ack.seq };
  }

  /**
   * Sends with a reply subject on the connection's reply subscription (`replies`) and waits for
   * the answer: the message, 'timeout' after `timeoutMs`, 'silent' when `silenceMs` (if given)
   * passes without a word (an `Svc-Working` heartbeat restarts it and is not the answer), or
   * undefined when the connection closed first. A failed send rejects.
   */
  async function exchange(
    c: NatsConnection,
    kind: string,
    timeoutMs: number,
    send: (replyTo: string) => void,
    silenceMs?: number,
  ): Promise<Msg | 'timeout' | 'silent' | undefined> {
    const mux = replies(c);
    const token = `${kind}${mux.next++}`;
    let deadline: NodeJS.Timeout | undefined;
    let silence: NodeJS.Timeout | undefined;
    try {
      return await new Promise<Msg | 'timeout' | 'silent' | undefined>((resolve, reject) => {
        const listen = () => {
          if (silenceMs === undefined) return;
          clearTimeout(silence);
          silence = setTimeout(resolve, Math.min(silenceMs, timeoutMs), 'silent');
        };
        mux.pending.set(token, (m) => (silenceMs !== undefined && m?.headers?.get(HEADERS.working) === '1' ? listen() : resolve(m)));
        deadline = setTimeout(resolve, timeoutMs, 'timeout');
        listen();
        turn.later(() => send(`${mux.base}.${token}`), reject);
      });
    } finally {
      clearTimeout(deadline);
      clearTimeout(silence);
      mux.pending.delete(token);
    }
  }

  /**
   * Command replies and publish acks come through one subscription per connection
   * (`<prefix>.reply.<id>.*`), each waiting on its own last token, instead of a SUB and UNSUB
   * (or a request object) per message. The subscription is made before the first message that
   * names it is published (the server handles one connection's messages in order, so the reply
   * cannot come before the interest).
   */
  function replies(c: NatsConnection): ReplyMux {
    if (mux?.conn === c) return mux;
    const m: ReplyMux = { conn: c, base: names.replyInbox(newId()), pending: new Map(), next: 0 };
    const sub = c.subscribe(`${m.base}.*`, {
      callback: (err, msg) => {
        if (err) return void log.warn({ err }, 'reply subscription error');
        m.pending.get(msg.subject.slice(m.base.length + 1))?.(msg);
      },
    });
    // A closed connection answers every waiting call at once rather than at its timeout.
    void sub.closed.then(() => {
      if (mux === m) mux = undefined;
      for (const resolve of m.pending.values()) resolve(undefined);
    });
    mux = m;
    return m;
  }

  function toDelivery(m: JsMsg): Delivery {
    const get = (k: string): string | undefined => m.headers?.get(k) || undefined;
    return {
      seq: m.seq,
      subject: m.subject,
      data: m.data,
      msgId: get(HEADERS.msgId) ?? String(m.seq),
      traceId: get(HEADERS.trace) ?? newTraceId(),
      header: get,
      replyTo: get(HEADERS.replyTo),
      deliveryCount: m.info.deliveryCount,
      ack: () => turn.later(() => m.ack(), unsent('ack')),
      term: () => m.term(),
      nak: (ms) => m.nak(ms > 0 ? ms : undefined),
      working: () => m.working(),
    };
  }

  const bus: JetStreamBus = {
    provider: 'jetstream',
    names,

    start() {
      started ??= (async () => {
        // The first connection is tried for as long as it takes; say so (and why it failed last), or a
        // mistyped NATS_URL looks like a hang.
        const where = String(opts.servers).replace(/\/\/[^@/]*@/g, '//');
        const waiting = setInterval(() => log.warn({ servers: where, reason: lastFailure }, 'waiting for NATS'), 5_000);
        await connection().finally(() => clearInterval(waiting));
        const m = await manager();
        for (const s of streams) await ensureStream(m, s);
      })().catch((err: unknown) => {
        started = undefined;
        throw isAppError(err) ? err : unavailable('could not create streams', err);
      });
      return started;
    },

    async send(actor, verb, payload, o = {}) {
      const subject = names.command(actor, verb);
      const ack = await publishTraced(subject, o.traceId, (t) =>
        publish(subject, encode(payload), o.msgId ?? newId(), hdrs(t.traceId, undefined, t.headers)),
      );
      return { duplicate: ack.duplicate, seq: ack.seq };
    },

    async call<R>(actor: ActorName, verb: string, payload: unknown, o: CallOptions = {}): Promise<R> {
      const c = await ready();
      const mux = replies(c);
      const token = `c${mux.next++}`;
      const answer = new Promise<Msg | undefined>((resolve) => mux.pending.set(token, resolve));
      try {
        const subject = names.command(actor, verb);
        const ack = await publishTraced(subject, o.traceId, (t) =>
          publish(subject, encode(payload), o.msgId ?? newId(), hdrs(t.traceId, { [HEADERS.replyTo]: `${mux.base}.${token}` }, t.headers)),
        );
        if (ack.duplicate) throw duplicateCall(actor, verb);
        const timeoutMs = o.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
        const a = await withTimeout(answer, timeoutMs, () => timeoutError(`${actor}.${verb}`, timeoutMs));
        if (a === undefined) throw unavailable('the connection closed before the reply came');
        return readReply<R>(a.data, a.headers?.get(HEADERS.error) === '1');
      } finally {
        mux.pending.delete(token);
      }
    },

    async consume(actor, handlers, o = {}) {
      await bus.start();
      const c = await ready();
      const m = await manager();
      const durable = names.consumer(actor);
      await ensureConsumer(m, names.commandStream, consumerConfig(names, actor, ackWaitMs), log);
      const marks = opts.poisonAfter === undefined ? undefined : poisonMarks(m, opts.poisonAfter);
      const dispatcher = createDispatcher({
        actor,
        names,
        processName: opts.name,
        handlers,
        check: o.check,
        concurrency: o.concurrency ?? DEFAULT_CONCURRENCY,
        ackWaitMs,
        maxDeliver: MAX_DELIVER,
        backoffMs: opts.backoffMs ?? defaultBackoffMs,
        beforeAck: opts.beforeAck,
        ...(marks === undefined ? {} : { poison: { ...marks, onPoisoned: o.onPoisoned } }),
        deadLetter: async (entry) => {
          // Keyed by command and delivery: a dispatcher retrying a failed store does not store twice.
          const ack = await publish(
            names.deadLetter(entry.actor, entry.verb),
            encode(entry),
            `dlq.${entry.msgId}.${entry.deliveries}`,
            hdrs(entry.traceId),
          );
          if (!ack.duplicate) opts.onDeadLetter?.({ id: String(ack.seq), ...entry });
        },
        log,
        reply: (to, body, isError) =>
          turn.later(() => c.publish(to, body, { headers: hdrs(newTraceId(), isError ? { [HEADERS.error]: '1' } : {}) }), unsent('reply')),
      });
      let stopping = false;
      let current: ConsumerMessages | undefined;
      let interrupt = (): void => undefined;
      const pause = (ms: number): Promise<void> => Promise.race([sleep(ms), new Promise<void>((r) => (interrupt = r))]);

      // Pull only as many as there are free slots, so nothing waits in a local buffer while
      // its ack wait runs out and another worker gets a second copy.
      const loop = (async () => {
        let consumer: Consumer | undefined;
        while (!stopping) {
          await dispatcher.whenFree();
          if (stopping || closed) break;
          try {
            consumer ??= await jetstream(c).consumers.get(names.commandStream, durable);
            const began = Date.now();
            let got = 0;
            const iter = await consumer.fetch({ max_messages: Math.max(1, dispatcher.free()), expires: FETCH_EXPIRES_MS });
            current = iter;
            if (stopping) iter.stop();
            for await (const msg of iter) {
              got++;
              // After destroy() nothing is settled: the server must see a crash, not a nak.
              if (stopping && !closed) {
                // Handed back unrun: a nak like any the dispatcher makes, not a lost delivery.
                if (marks !== undefined) {
                  const d = toDelivery(msg);
                  // Unread, the count is taken as all naks (not none, which would look like poison).
                  const before = d.deliveryCount > 1 ? await marks.naks(d).catch(() => d.deliveryCount - 1) : 0;
                  await marks.recordNak(d, before + 1).catch(() => undefined);
                }
                msg.nak();
              } else if (!stopping) dispatcher.dispatch(toDelivery(msg));
            }
            // A pull the server ends at once with nothing must not turn into a busy loop.
            if (got === 0 && Date.now() - began < 200) await pause(500);
          } catch (err) {
            if (stopping || closed) break;
            consumer = undefined;
            log.warn({ err, actor }, 'pull from the work queue failed; retrying');
            // A server that came back empty has lost the stream too: recreate both, then retry.
            await ensureStream(m, commandStream)
              .then(() => ensureConsumer(m, names.commandStream, consumerConfig(names, actor, ackWaitMs), log))
              .catch(() => undefined);
            await pause(1_000);
          } finally {
            current = undefined;
          }
        }
      })();

      let stopped: Promise<void> | undefined;
      const handle: ConsumerHandle = {
        actor,
        stop(graceMs = DEFAULT_GRACE_MS) {
          stopped ??= (async () => {
            stopping = true;
            current?.stop();
            interrupt();
            await loop;
            await dispatcher.drain(graceMs);
            handles.delete(handle);
            kills.delete(kill);
          })();
          return stopped;
        },
      };
      const kill = (): void => {
        stopping = true;
        current?.stop();
        interrupt();
      };
      kills.add(kill);
      handles.add(handle);
      return handle;
    },

    /**
     * Core request/reply on the connection's reply subscription. The answerer sends a heartbeat
     * (an empty message with `Svc-Working`) every `heartbeatMs` while its handler runs, so a
     * replica that died mid-request is given up after `silenceMs` without a word instead of at the
     * request's own timeout (an MCP call's is 310 s). Given up, the request fails like a timeout:
     * the handler may or may not have done its work.
     */
    async request<R>(name: string, payload: unknown, o: { timeoutMs?: number; traceId?: string } = {}): Promise<R> {
      const c = await ready();
      const timeoutMs = o.timeoutMs ?? DEFAULT_CALL_TIMEOUT_MS;
      let reply: Msg | 'timeout' | 'silent' | undefined;
      try {
        reply = await requestTraced(name, o.traceId, (carry) =>
          exchange(
            c,
            'r',
            timeoutMs,
            (to) => c.publish(names.rpc(name), encode(payload), { reply: to, headers: hdrs(carry.traceId, undefined, carry.headers) }),
            silenceMs,
          ),
        );
      } catch (err) {
        throw unavailable(`rpc ${name} failed`, err);
      }
      if (reply === undefined) throw unavailable(`rpc ${name}: the connection closed before the answer`);
      if (reply === 'timeout') throw timeoutError(`rpc ${name}`, timeoutMs);
      if (reply === 'silent') {
        throw new AppError('command_timeout', {
          message: `rpc ${name}: the replica answering it went silent for ${Math.min(silenceMs, timeoutMs)} ms (it may have stopped); whether the work was done is unknown`,
        });
      }
      if (reply.data.length === 0 && reply.headers?.code === 503) throw unavailable(`no replica serves rpc ${name}`);
      return readReply<R>(reply.data, reply.headers?.get(HEADERS.error) === '1');
    },

    async serve(name, handler) {
      const c = await ready();
      // One queue group per prefix: exactly one replica answers each request.
      const sub = c.subscribe(names.rpc(name), {
        queue: `${names.prefix}_rpc`,
        callback: (err, m) => {
          if (err) return void log.warn({ err, rpc: name }, 'rpc subscription error');
          const traceId = m.headers?.get(HEADERS.trace) || newTraceId();
          const beat = m.reply
            ? setInterval(() => {
                try {
                  c.publish(m.reply!, EMPTY, { headers: hdrs(traceId, { [HEADERS.working]: '1' }) });
                } catch (e) {
                  log.warn({ err: e, rpc: name }, 'could not send an rpc heartbeat');
                }
              }, heartbeatMs)
            : undefined;
          const header = (k: string) => m.headers?.get(k) || undefined;
          const answer = serveTraced(name, traceId, header, () => answerRequest(handler, m.data, traceId, log)).then((a) => {
            clearInterval(beat);
            try {
              m.respond(a.body, { headers: hdrs(traceId, a.isError ? { [HEADERS.error]: '1' } : {}) });
            } catch (e) {
              log.warn({ err: e, rpc: name }, 'could not send the rpc answer');
            }
          });
          answering.add(answer);
          void answer.finally(() => answering.delete(answer));
        },
      });
      // Live on the server before we return, so a request sent next finds a responder.
      await c.flush();
      return track(sub);
    },

    async emit(type, data, o = {}) {
      const traceId = o.traceId ?? newTraceId();
      const subject = names.event(type);
      const evt: BusEvent = { type, subject, at: o.at ?? new Date().toISOString(), traceId, data };
      if (o.noAck) {
        // A core publish the stream captures: no ack round trip per event (a run's hot path).
        const c = await ready();
        const h = hdrs(traceId, o.msgId === undefined ? {} : { 'Nats-Msg-Id': o.msgId }, eventCarry(traceId));
        return turn.run(async () => c.publish(subject, encode(evt), { headers: h }));
      }
      await publish(subject, encode(evt), o.msgId, hdrs(traceId, undefined, eventCarry(traceId)));
    },

    async tail(filter, onEvent, o = {}) {
      checkTailFilter(filter);
      const c = await ready();
      const deliver = (evt: () => BusEvent, id: string | undefined): void => {
        try {
          onEvent(evt(), id);
        } catch (e) {
          log.warn({ err: e }, 'tail listener failed');
        }
      };
      const info = await (await manager()).streams.info(names.eventStream).catch(() => undefined);
      if (info === undefined) {
        // No event stream yet (nothing has started on this prefix): live events only, without ids.
        const sub = c.subscribe(names.eventFilter(filter), {
          callback: (err, m) => (err ? log.warn({ err }, 'tail subscription error') : deliver(() => m.json<BusEvent>(), undefined)),
        });
        await c.flush();
        return track(sub);
      }
      // An ordered consumer from an explicit seq: everything stored from that point on arrives
      // once and in order, across NATS reconnects, however late the consumer is created.
      const epoch = epochOf(`${names.eventStream}@${info.created}`);
      const oc = await jetstream(c).consumers.get(names.eventStream, {
        filter_subjects: names.eventFilter(filter),
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: resumeSeq(o.after, epoch, { first: info.state.first_seq, last: info.state.last_seq }),
      });
      const messages = await oc.consume({ callback: (m) => deliver(() => m.json<BusEvent>(), eventId(epoch, m.seq)) });
      return track({ unsubscribe: () => void messages.stop() });
    },

    async deadLetters(o = {}) {
      const m = await manager();
      const info = await m.streams.info(names.deadLetterStream).catch(() => undefined);
      const out: DeadLetter[] = [];
      if (!info || info.state.messages === 0) return out;
      const limit = o.limit ?? 100;
      for (let seq = info.state.last_seq; seq >= info.state.first_seq && out.length < limit; seq--) {
        const msg = await m.streams.getMessage(names.deadLetterStream, { seq }).catch(() => null);
        if (msg) out.push({ id: String(seq), ...(decode(msg.data) as Omit<DeadLetter, 'id'>) });
      }
      return out;
    },

    async replayDeadLetter(id) {
      const m = await manager();
      const msg = /^[0-9]+$/.test(id) ? await m.streams.getMessage(names.deadLetterStream, { seq: Number(id) }).catch(() => null) : null;
      if (!msg) throw new AppError('record_not_found', { message: `no dead letter ${id}` });
      const dl = { id, ...(decode(msg.data) as Omit<DeadLetter, 'id'>) };
      const data = dl.payloadText !== undefined ? new TextEncoder().encode(dl.payloadText) : encode(dl.payload);
      // Keyed by the dead letter: a replay sent twice inside the duplicate window runs once.
      const ack = await publish(dl.subject, data, `replay.${id}.${dl.msgId}`, hdrs(dl.traceId));
      await m.streams.deleteMessage(names.deadLetterStream, Number(id));
      return { replayed: dl, seq: ack.seq };
    },

    async dropDeadLetter(id) {
      const m = await manager();
      const msg = /^[0-9]+$/.test(id) ? await m.streams.getMessage(names.deadLetterStream, { seq: Number(id) }).catch(() => null) : null;
      if (!msg) throw new AppError('record_not_found', { message: `no dead letter ${id}` });
      await m.streams.deleteMessage(names.deadLetterStream, Number(id));
      return { dropped: { id, ...(decode(msg.data) as Omit<DeadLetter, 'id'>) } };
    },

    /**
     * A worker keeps a pull request open on its actor's durable consumer whenever it has a free
     * slot (FETCH_EXPIRES_MS each), so waiting pulls mean a live worker; a saturated one pulls
     * nothing but has just delivered, so a recent delivery counts as live too.
     */
    async consumers() {
      const m = await manager();
      const out = await Promise.all(
        ACTORS.map(async (a): Promise<[ActorName, ConsumerLiveness]> => {
          const info = await m.consumers.info(names.commandStream, names.consumer(a)).catch(() => undefined);
          if (info === undefined) return [a, { live: false, waiting: 0, lastActive: null }];
          // The server sends last_active as an RFC 3339 time (the client types it as nanos), and
          // `ts` is the server's own now: the age is measured on one clock.
          const raw = info.delivered.last_active as unknown;
          const last = typeof raw === 'string' ? Date.parse(raw) : NaN;
          const recent = Number.isFinite(last) && (info.ts ? Date.parse(info.ts) : Date.now()) - last < LIVE_WINDOW_MS;
          return [
            a,
            { live: info.num_waiting > 0 || recent, waiting: info.num_waiting, lastActive: Number.isFinite(last) ? (raw as string) : null },
          ];
        }),
      );
      return Object.fromEntries(out) as Record<ActorName, ConsumerLiveness>;
    },

    async lag() {
      const m = await manager();
      const out: Partial<Record<ActorName, ConsumerLag>> = {};
      await Promise.all(
        ACTORS.map(async (a) => {
          const info = await m.consumers.info(names.commandStream, names.consumer(a)).catch(() => undefined);
          if (info) out[a] = { pending: info.num_pending, ackPending: info.num_ack_pending, redelivered: info.num_redelivered };
        }),
      );
      return out;
    },

    async health() {
      if (closed) return { ok: false, provider: 'jetstream', detail: 'closed' };
      if (nc === undefined) return { ok: false, provider: 'jetstream', detail: 'connecting to NATS' };
      if (!connected) return { ok: false, provider: 'jetstream', detail: 'disconnected from NATS; reconnecting' };
      return { ok: true, provider: 'jetstream' };
    },

    async close() {
      if (closed) return;
      await Promise.all([...handles].map((h) => h.stop()));
      closed = true;
      for (const s of subs) s.unsubscribe();
      subs.clear();
      // A request already taken is answered (within the consumers' grace) before the drain
      // stops publishes; its caller would otherwise wait out its whole timeout.
      if (answering.size > 0) await Promise.race([Promise.allSettled([...answering]), sleep(DEFAULT_GRACE_MS)]);
      // Acks, replies and publishes still waiting for their loop turn (turn.ts) go out before the drain.
      await new Promise((r) => setImmediate(r));
      if (nc !== undefined && !nc.isClosed()) await drainOrClose(nc, connected, log);
    },

    async destroy() {
      closed = true;
      for (const kill of kills) kill();
      kills.clear();
      handles.clear();
      // close(), not drain(): in-flight handlers must never get to ack, as after a crash.
      if (nc !== undefined && !nc.isClosed()) await nc.close();
    },
  };

  /** The nak counts live on their own stream, one message per command's stream sequence. */
  function poisonMarks(m: JetStreamManager, poisonAfter: number) {
    return {
      poisonAfter,
      async naks(d: Delivery): Promise<number> {
        if (d.seq === undefined) return 0;
        let msg;
        try {
          msg = await m.streams.getMessage(names.nakStream, { last_by_subj: names.nakMark(d.seq) });
        } catch (err) {
          // Unknown is not zero: counting every earlier delivery as lost could poison a command.
          throw unavailable('could not read the nak count of a redelivered command', err);
        }
        const n = msg === null ? 0 : Number((decode(msg.data) as { naks?: unknown }).naks);
        return Number.isInteger(n) && n > 0 ? n : 0;
      },
      async recordNak(d: Delivery, naks: number): Promise<void> {
        if (d.seq === undefined) return;
        await publish(names.nakMark(d.seq), encode({ naks }), undefined, hdrs(d.traceId));
      },
    };
  }

  function track(sub: { unsubscribe(): void }): Subscription {
    subs.add(sub);
    return {
      unsubscribe: async () => {
        subs.delete(sub);
        sub.unsubscribe();
      },
    };
  }

  return bus;
}

/** A drain needs the server; while disconnected (or if the drain stalls) close instead, so a
 * process whose NATS is gone still exits. */
async function drainOrClose(nc: NatsConnection, connected: boolean, log: Logger): Promise<void> {
  if (!connected) return nc.close();
  let timer: NodeJS.Timeout | undefined;
  const stalled = new Promise<'stalled'>((resolve) => {
    timer = setTimeout(() => resolve('stalled'), 5000);
  });
  const outcome = await Promise.race([
    nc.drain().then(
      () => 'drained' as const,
      (err: unknown) => {
        log.warn({ err }, 'NATS drain failed');
        return 'failed' as const;
      },
    ),
    stalled,
  ]);
  clearTimeout(timer);
  if (outcome !== 'drained' && !nc.isClosed()) await nc.close();
}
