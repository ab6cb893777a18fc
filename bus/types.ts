/**
 * The bus behind one small interface. Two transports implement it with the same semantics:
 * `jetstream` (NATS, the real one) and `embedded` (in-process, single process only).
 * Handlers never touch the transport: they get a HandlerContext and return or throw.
 */
import type { Logger } from 'pino';
import type { ActorName, Names } from './subjects.js';
import type { DeadLetter } from '../schemas/dlq.js';
import type { EventData, EventType } from '../schemas/events.js';

export type Provider = 'embedded' | 'jetstream';

export interface HandlerContext {
  readonly subject: string;
  readonly verb: string;
  /** Message id of the command (the dedupe key when the sender set one). */
  readonly msgId: string;
  readonly traceId: string;
  /** 1 on first delivery; more after a redelivery. */
  readonly deliveryCount: number;
  readonly log: Logger;
}

/** A handler returns the reply (sent to a caller that waits) or throws. What a throw means is
 * read in kernel/retry.ts: an outage (a retryable code of the error catalogue, a dropped
 * connection) is retried for as long as it lasts; any other AppError is the command's answer
 * and terminates it (a handler overrules a code's default with `terminal`); anything else is
 * retried a bounded number of times. */
export type Handler<P = unknown, R = unknown> = (ctx: HandlerContext, payload: P) => Promise<R>;

export interface SendOptions {
  /** Dedupe key: a second command with the same id inside the duplicate window is dropped. */
  msgId?: string;
  traceId?: string;
}

export interface EmitOptions {
  traceId?: string;
  msgId?: string;
  at?: string;
  /** Published without waiting for the event stream's ack (the stream still stores it when it
   * arrives): for per-step progress, where a lost event costs a line in a live view, not a record. */
  noAck?: boolean;
}

export interface CallOptions extends SendOptions {
  timeoutMs?: number;
}

export interface SendResult {
  /** True when the transport dropped the command as a duplicate of an earlier msgId. */
  duplicate: boolean;
  seq: number;
}

export interface ConsumeOptions {
  /** Commands handled at once by this consumer (default 16). */
  concurrency?: number;
  /** Checks a parsed payload against its verb before the handler runs; it throws the AppError
   * that ends the command (bus/verbs.ts builds it from the verb's schema). */
  check?: PayloadCheck;
  /** Told of a command dead-lettered as poison before it is: the actor keeps what the command
   * left from being taken up again on its own (a run the sweep would recover). Throwing hands
   * the command back, and its next delivery decides again. */
  onPoisoned?: PoisonHook;
}

export type PoisonHook = (verb: string, payload: unknown) => Promise<void>;

export type PayloadCheck = (verb: string, payload: unknown) => void;

export interface ConsumerHandle {
  readonly actor: ActorName;
  /** Stops pulling, waits for in-flight handlers to finish (or naks them after `graceMs`). */
  stop(graceMs?: number): Promise<void>;
}

export interface BusEvent<T = Record<string, unknown>> {
  readonly type: string;
  readonly subject: string;
  readonly at: string;
  readonly traceId: string;
  readonly data: T;
}

export interface TailOptions {
  /** An id an earlier tail delivered: resume right after it. */
  after?: string | undefined;
}

export interface Subscription {
  unsubscribe(): Promise<void>;
}

export interface BusHealth {
  ok: boolean;
  provider: Provider;
  detail?: string;
}

/** Whether a worker is consuming an actor's work queue now (any process on the bus). */
export interface ConsumerLiveness {
  live: boolean;
  /** JetStream: pull requests waiting on the consumer. */
  waiting?: number;
  /** JetStream: when the consumer last delivered a command, if ever. */
  lastActive?: string | null;
}

export interface ConsumerLag {
  pending: number;
  ackPending: number;
  redelivered: number;
}

export interface Bus {
  readonly provider: Provider;
  readonly names: Names;
  /** Creates streams and consumers idempotently. */
  start(): Promise<void>;
  /** Durable publish of a command to an actor's work queue. */
  send(actor: ActorName, verb: string, payload: unknown, opts?: SendOptions): Promise<SendResult>;
  /** Durable publish, then waits for the handler's reply (or its terminal error, rethrown as AppError). */
  call<R = unknown>(actor: ActorName, verb: string, payload: unknown, opts?: CallOptions): Promise<R>;
  /** Consumes an actor's work queue; each command goes to exactly one consumer across all processes. */
  consume(actor: ActorName, handlers: Readonly<Record<string, Handler<never, unknown>>>, opts?: ConsumeOptions): Promise<ConsumerHandle>;
  /** Core request/reply for answers that are not durable work; served by `serve` on any replica. */
  request<R = unknown>(name: string, payload: unknown, opts?: { timeoutMs?: number; traceId?: string }): Promise<R>;
  serve(name: string, handler: (payload: never, traceId: string) => Promise<unknown>): Promise<Subscription>;
  /** Publishes an event on `<prefix>.evt.<type>`. With a msgId, a second publish of the same id
   * inside the duplicate window is dropped (JetStream); `at` keeps the time of the original.
   * The data is typed by the event's schema (schemas/events.ts). */
  emit<T extends EventType>(type: T, data: EventData<T>, opts?: EmitOptions): Promise<void>;
  /** Live events matching a filter relative to `<prefix>.evt.` (e.g. `>` or `Flow*` is not allowed; `FlowRun`).
   * Each comes with its id (bus/event-ids.ts) when the transport keeps a history; with `after`,
   * the events it still holds after that id come first, in order, then the live ones. */
  tail(filter: string, onEvent: (evt: BusEvent, id: string | undefined) => void, opts?: TailOptions): Promise<Subscription>;
  health(): Promise<BusHealth>;
  /** Per actor: is some worker consuming its work queue right now? */
  consumers(): Promise<Record<ActorName, ConsumerLiveness>>;
  /** Per actor, what its work queue holds: not yet delivered, delivered and unacked, redelivered
   * and unacked (JetStream consumer info; for metrics). Absent on a transport with no such info. */
  lag?(): Promise<Partial<Record<ActorName, ConsumerLag>>>;
  /** The dead letters (commands the bus ended; consumer.ts), newest first. */
  deadLetters(opts?: { limit?: number }): Promise<DeadLetter[]>;
  /** Sends a dead letter's command again, as it was first sent, and removes the dead letter. */
  replayDeadLetter(id: string): Promise<{ replayed: DeadLetter; seq: number }>;
  /** Removes a dead letter without sending its command again. */
  dropDeadLetter(id: string): Promise<{ dropped: DeadLetter }>;
  /** Graceful: stops consumers (finishing or nak'ing in-flight work), then closes the connection. */
  close(): Promise<void>;
}
