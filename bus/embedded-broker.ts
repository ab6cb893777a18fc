/**
 * An in-process stand-in for the NATS server, so a single `svc serve` runs without NATS and tests
 * can simulate several processes (several clients on one broker). It keeps JetStream's promises
 * where handlers can notice them: one consumer per delivery, a 2-minute dedupe window by msgId,
 * ack wait with redelivery to another consumer, nak delays, a dead-letter stream. It stores nothing
 * on disk; of events it keeps the last few in memory, so a feed that dropped can resume after the
 * last one it saw while this process lives.
 */
import { randomBytes } from 'node:crypto';
import type { SendResult } from './types.js';
import type { DeadLetter } from '../schemas/dlq.js';
import type { Delivery } from './consumer.js';
import { subjectMatches } from './subjects.js';
import { DUPLICATE_WINDOW_MS, unavailable } from './wire.js';

export interface EmbeddedBrokerOptions {
  duplicateWindowMs?: number;
  maxDeliver?: number;
}

/** A consumer as the broker sees it: capacity it offers and where deliveries go. */
export interface Sink {
  readonly ackWaitMs: number;
  free(): number;
  deliver(d: Delivery): void;
}

export interface CommandMeta {
  msgId: string;
  traceId: string;
  replyTo?: string | undefined;
  /** The W3C trace context of the publish (`traceparent`, `tracestate`), when tracing is on. */
  headers?: Readonly<Record<string, string>> | undefined;
}

export type Answer = { body: Uint8Array; isError: boolean };
export type Responder = (body: Uint8Array, traceId: string) => Promise<Answer>;

export interface EmbeddedBroker {
  /** `queue` is the consumer filter (`<prefix>.cmd.<actor>.>`): one work queue per actor and prefix. */
  publishCommand(queue: string, subject: string, data: Uint8Array, meta: CommandMeta): SendResult;
  attach(queue: string, sink: Sink): () => void;
  /** Consumers attached to a queue right now (any process sharing this broker). */
  consumers(queue: string): number;
  /** Offers ready work to consumers again (a consumer calls it when a slot frees). */
  pump(queue: string): void;
  publishEvent(subject: string, data: Uint8Array): void;
  /** Live events; with `fromSeq`, the recent ones from that seq are delivered first, in order. */
  subscribe(filter: string, fn: EventFn, fromSeq?: number): () => void;
  /** Names this broker's event history (it dies with the process) and the seqs it still holds. */
  readonly eventEpoch: string;
  heldEvents(): { first: number; last: number };
  serve(subject: string, fn: Responder): () => void;
  request(subject: string, body: Uint8Array, traceId: string): Promise<Answer>;
  listenInbox(subject: string, fn: (a: Answer) => void): () => void;
  reply(subject: string, a: Answer): void;
  /** The dead-letter stream: stores one and returns its id; lists newest first; takes one out. */
  storeDeadLetter(entry: Omit<DeadLetter, 'id'>): DeadLetter;
  deadLetters(limit: number): DeadLetter[];
  takeDeadLetter(id: string): DeadLetter | undefined;
  /** Commands stored and not yet acked or terminated (for tests and health detail). */
  depth(queue: string): number;
  /** Clears every timer, so a test process can exit. */
  shutdown(): void;
}

interface Stored {
  readonly seq: number;
  readonly subject: string;
  readonly data: Uint8Array;
  readonly meta: CommandMeta;
  deliveries: number;
  /** Bumped on each delivery and settlement: a stale ack from an earlier delivery is ignored. */
  token: number;
  timer: NodeJS.Timeout | undefined;
}

interface Queue {
  ready: Stored[];
  stored: Map<number, Stored>;
  sinks: Sink[];
  rr: number;
  scheduled: boolean;
}

export type EventFn = (subject: string, data: Uint8Array, seq: number) => void;

/** Recent events kept for feeds that resume: enough for a reconnect after seconds, bounded in memory. */
const EVENT_RING = 2_000;

export function createEmbeddedBroker(opts: EmbeddedBrokerOptions = {}): EmbeddedBroker {
  const windowMs = opts.duplicateWindowMs ?? DUPLICATE_WINDOW_MS;
  // The dispatcher ends a command (dead-lettering it first); the broker only stops on its own
  // count when a test asks it to.
  const maxDeliver = opts.maxDeliver ?? Number.POSITIVE_INFINITY;
  const dead = new Map<number, DeadLetter>();
  let deadSeq = 0;
  const queues = new Map<string, Queue>();
  const seen = new Map<string, { seq: number; at: number }>();
  const subs = new Set<{ filter: string; fn: EventFn }>();
  const recent: { seq: number; subject: string; data: Uint8Array }[] = [];
  let eventSeq = 0;
  const responders = new Map<string, { fns: Responder[]; rr: number }>();
  const inboxes = new Map<string, (a: Answer) => void>();
  const timers = new Set<NodeJS.Timeout>();
  let seq = 0;
  let down = false;

  const later = (ms: number, fn: () => void): NodeJS.Timeout => {
    const t = setTimeout(() => {
      timers.delete(t);
      fn();
    }, ms);
    timers.add(t);
    return t;
  };
  const cancel = (t: NodeJS.Timeout | undefined): void => {
    if (t === undefined) return;
    clearTimeout(t);
    timers.delete(t);
  };

  const queueOf = (name: string): Queue => {
    let q = queues.get(name);
    if (q === undefined) {
      q = { ready: [], stored: new Map(), sinks: [], rr: 0, scheduled: false };
      queues.set(name, q);
    }
    return q;
  };

  // Redeliveries go back in stream order, ahead of newer commands, as JetStream does.
  const makeReady = (name: string, q: Queue, m: Stored): void => {
    if (!q.stored.has(m.seq)) return;
    if (m.deliveries >= maxDeliver) {
      q.stored.delete(m.seq);
      return;
    }
    const at = q.ready.findIndex((r) => r.seq > m.seq);
    if (at < 0) q.ready.push(m);
    else q.ready.splice(at, 0, m);
    pump(name);
  };

  const armAckWait = (name: string, q: Queue, m: Stored, ms: number): void => {
    cancel(m.timer);
    const token = m.token;
    m.timer = later(ms, () => {
      if (m.token !== token) return;
      m.timer = undefined;
      m.token++;
      makeReady(name, q, m);
    });
  };

  const deliver = (name: string, q: Queue, m: Stored, sink: Sink): void => {
    m.deliveries++;
    const token = ++m.token;
    armAckWait(name, q, m, sink.ackWaitMs);
    const current = (): boolean => m.token === token && q.stored.has(m.seq);
    const finish = (): void => {
      cancel(m.timer);
      m.timer = undefined;
      m.token++;
      q.stored.delete(m.seq);
    };
    sink.deliver({
      subject: m.subject,
      data: m.data,
      msgId: m.meta.msgId,
      traceId: m.meta.traceId,
      header: (k) => m.meta.headers?.[k],
      replyTo: m.meta.replyTo,
      deliveryCount: m.deliveries,
      ack: () => current() && finish(),
      term: () => current() && finish(),
      nak: (delayMs) => {
        if (!current()) return;
        cancel(m.timer);
        m.timer = undefined;
        m.token++;
        if (delayMs > 0) later(delayMs, () => makeReady(name, q, m));
        else makeReady(name, q, m);
      },
      working: () => {
        if (current()) armAckWait(name, q, m, sink.ackWaitMs);
      },
    });
  };

  // Deferred so a sender never runs a handler on its own stack, like a network hop.
  function pump(name: string): void {
    const q = queueOf(name);
    if (q.scheduled || down) return;
    q.scheduled = true;
    setImmediate(() => {
      q.scheduled = false;
      while (q.ready.length > 0 && q.sinks.length > 0) {
        let sink: Sink | undefined;
        for (let i = 0; i < q.sinks.length && sink === undefined; i++) {
          const s = q.sinks[(q.rr + i) % q.sinks.length];
          if (s !== undefined && s.free() > 0) {
            sink = s;
            q.rr = (q.rr + i + 1) % q.sinks.length;
          }
        }
        if (sink === undefined) return;
        const m = q.ready.shift();
        if (m !== undefined) deliver(name, q, m, sink);
      }
    });
  }

  const checkUp = (): void => {
    if (down) throw unavailable('the embedded broker is shut down');
  };

  return {
    publishCommand(name, subject, data, meta) {
      checkUp();
      const now = Date.now();
      for (const [id, s] of seen) {
        if (s.at > now - windowMs) break;
        seen.delete(id);
      }
      const prior = seen.get(meta.msgId);
      if (prior !== undefined) return { duplicate: true, seq: prior.seq };
      const m: Stored = { seq: ++seq, subject, data, meta, deliveries: 0, token: 0, timer: undefined };
      seen.set(meta.msgId, { seq: m.seq, at: now });
      const q = queueOf(name);
      q.stored.set(m.seq, m);
      q.ready.push(m);
      pump(name);
      return { duplicate: false, seq: m.seq };
    },
    attach(name, sink) {
      const q = queueOf(name);
      q.sinks.push(sink);
      pump(name);
      return () => {
        q.sinks = q.sinks.filter((s) => s !== sink);
      };
    },
    consumers: (name) => queues.get(name)?.sinks.length ?? 0,
    pump,
    publishEvent(subject, data) {
      checkUp();
      const at = ++eventSeq;
      recent.push({ seq: at, subject, data });
      if (recent.length > EVENT_RING) recent.shift();
      for (const s of subs) {
        if (subjectMatches(s.filter, subject)) setImmediate(() => subs.has(s) && s.fn(subject, data, at));
      }
    },
    subscribe(filter, fn, fromSeq) {
      const s = { filter, fn };
      // Scheduled now, so they run before any live event published after this call.
      if (fromSeq !== undefined)
        for (const e of recent)
          if (e.seq >= fromSeq && subjectMatches(filter, e.subject)) setImmediate(() => subs.has(s) && fn(e.subject, e.data, e.seq));
      subs.add(s);
      return () => void subs.delete(s);
    },
    eventEpoch: randomBytes(6).toString('hex'),
    heldEvents: () => ({ first: recent[0]?.seq ?? eventSeq + 1, last: eventSeq }),
    serve(subject, fn) {
      let r = responders.get(subject);
      if (r === undefined) responders.set(subject, (r = { fns: [], rr: 0 }));
      r.fns.push(fn);
      const group = r;
      return () => {
        group.fns = group.fns.filter((f) => f !== fn);
      };
    },
    async request(subject, body, traceId) {
      checkUp();
      const r = responders.get(subject);
      const fn = r === undefined || r.fns.length === 0 ? undefined : r.fns[r.rr++ % r.fns.length];
      if (fn === undefined) throw unavailable(`no replica serves ${subject}`);
      await new Promise((res) => setImmediate(res));
      return fn(body, traceId);
    },
    listenInbox(subject, fn) {
      inboxes.set(subject, fn);
      return () => void inboxes.delete(subject);
    },
    reply(subject, a) {
      const fn = inboxes.get(subject);
      if (fn !== undefined) setImmediate(() => fn(a));
    },
    storeDeadLetter(entry) {
      checkUp();
      const dl = { id: String(++deadSeq), ...entry };
      dead.set(deadSeq, dl);
      return dl;
    },
    deadLetters: (limit) => [...dead.values()].reverse().slice(0, limit),
    takeDeadLetter(id) {
      const dl = dead.get(Number(id));
      dead.delete(Number(id));
      return dl;
    },
    depth: (name) => queues.get(name)?.stored.size ?? 0,
    shutdown() {
      down = true;
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
