/**
 * Actors throw; the bus decides the ack. This is the one place that maps a handler's outcome to
 * ack / term / nak and to the reply a waiting caller gets, for both transports. A transport only
 * turns its messages into `Delivery`s and pulls no more than `free()` of them at a time.
 */
import type { Logger } from 'pino';
import { AppError, isAppError } from '../schemas/errors.js';
import { jsonHoldsNul, nulRefused } from '../schemas/text.js';
import type { Handler, HandlerContext, PayloadCheck, PoisonHook } from './types.js';
import type { ActorName, Names } from './subjects.js';
import { decode, encode, toWireError, verbOf } from './wire.js';
import { classify } from '../kernel/retry.js';
import type { DeadLetter } from '../schemas/dlq.js';
import { commands, type CommandEvent } from '../kernel/metrics.js';
import { deadLetterOf, payloadOf } from './dead-letter-entry.js';
import { consumeTraced } from './trace.js';
import { tracingOn } from '../kernel/tracing.js';

/** One delivery of one command, as any transport hands it over. */
export interface Delivery {
  /** The stream sequence, where the transport has one (JetStream). */
  readonly seq?: number;
  readonly subject: string;
  readonly data: Uint8Array;
  readonly msgId: string;
  readonly traceId: string;
  /** A header of the message (the W3C trace context travels in `traceparent`/`tracestate`). */
  header?(key: string): string | undefined;
  readonly replyTo: string | undefined;
  readonly deliveryCount: number;
  ack(): void;
  nak(delayMs: number): void;
  term(): void;
  working(): void;
}

export interface DispatcherOptions {
  readonly actor: ActorName;
  readonly names: Names;
  /** Names the process in the spans of the commands it handles. */
  readonly processName?: string | undefined;
  readonly handlers: Readonly<Record<string, Handler<never, unknown>>>;
  /** Refuses a payload its verb does not take (a terminal AppError, so it ends like any refusal). */
  readonly check?: PayloadCheck | undefined;
  readonly concurrency: number;
  readonly ackWaitMs: number;
  readonly maxDeliver: number;
  readonly backoffMs: (deliveryCount: number) => number;
  readonly log: Logger;
  /** Publishes a reply to a caller's inbox (core, fire and forget). */
  reply(to: string, body: Uint8Array, isError: boolean): void;
  /** Stores a command the dispatcher ended on the dead-letter stream (throws when it cannot). */
  deadLetter(entry: Omit<DeadLetter, 'id'>): Promise<void>;
  /** Test-only: runs just before a command is acked (kernel/faults.ts `ack.before`). */
  readonly beforeAck?: ((actor: string, verb: string) => void) | undefined;
  /** Called whenever a slot frees, so a push-style transport can offer more work. */
  onFree?: () => void;
  /**
   * Poison detection (a transport that outlives a worker's crash: JetStream). A delivery the
   * dispatcher settles itself with a nak is recorded (`recordNak`, before the nak); a redelivery
   * reads how many of its earlier deliveries ended that way (`naks`). The rest ended with the
   * worker gone or stuck past its ack wait, and once they reach `poisonAfter` the command is
   * dead-lettered as `poison` instead of being run again.
   */
  readonly poison?: {
    readonly poisonAfter: number;
    naks(d: Delivery): Promise<number>;
    recordNak(d: Delivery, naks: number): Promise<void>;
    readonly onPoisoned?: PoisonHook | undefined;
  };
}

export interface Dispatcher {
  free(): number;
  inFlight(): number;
  /** Starts handling at once; never throws, never blocks the caller. */
  dispatch(d: Delivery): void;
  /** Resolves once a slot is free (or the dispatcher is draining). */
  whenFree(): Promise<void>;
  /** Waits for in-flight handlers up to `graceMs`, then naks whatever is still running. */
  drain(graceMs: number): Promise<void>;
}

interface InFlight {
  readonly d: Delivery;
  settled: boolean;
  /** Earlier deliveries the dispatcher nak'd itself (read on a redelivery when poison detection
   * is on); undefined while unknown (not read yet, or the read failed). */
  naks: number | undefined;
}

export function createDispatcher(opts: DispatcherOptions): Dispatcher {
  const { actor, names, handlers, log } = opts;
  const inflight = new Set<InFlight>();
  let waiters: Array<() => void> = [];
  let draining = false;

  const wake = (): void => {
    const w = waiters;
    waiters = [];
    for (const fn of w) fn();
    opts.onFree?.();
  };

  // A transport call on a dead connection throws; the broker's ack wait is the real safety net.
  const safe = (what: string, fn: () => void): void => {
    try {
      fn();
    } catch (err) {
      log.warn({ err, actor, what }, 'bus: could not settle a delivery');
    }
  };

  /** First settlement wins: a late finish after a drain-nak must not ack or reply. */
  const settle = (e: InFlight, what: string, fn: () => void): boolean => {
    if (e.settled) return false;
    e.settled = true;
    safe(what, fn);
    return true;
  };

  const count = (verb: string, event: CommandEvent): void => commands.inc({ actor, verb, event });
  // Only verbs the actor has become label values: a stray subject must not grow the series.
  const labelOf = (verb: string): string => (Object.hasOwn(handlers, verb) ? verb : 'unknown');

  /** A nak the dispatcher decides: recorded first (poison detection), so a redelivery reads it. */
  const nak = async (e: InFlight, verb: string, delayMs: number): Promise<void> => {
    if (e.settled) return;
    if (opts.poison) {
      // A count that could not be read is not zero: recording 1 would leave every earlier
      // delivery looking lost, and a long outage's next delivery would be taken for poison.
      const before = e.naks ?? e.d.deliveryCount - 1;
      await opts.poison
        .recordNak(e.d, before + 1)
        .catch((err: unknown) => log.warn({ err, actor, msgId: e.d.msgId }, 'bus: could not record a nak'));
    }
    if (settle(e, 'nak', () => e.d.nak(delayMs))) count(verb, 'nacked');
  };

  const reply = (d: Delivery, body: unknown, isError: boolean): void => {
    if (d.replyTo === undefined) return;
    const to = d.replyTo;
    safe('reply', () => opts.reply(to, encode(body), isError));
  };

  async function handle(e: InFlight): Promise<void> {
    const { d } = e;
    const verb = verbOf(names, actor, d.subject);
    const known = labelOf(verb);
    count(known, 'consumed');
    if (d.deliveryCount > 1) count(known, 'redelivered');
    // Made on first use: most commands log nothing, and a pino child per command was ~1.6% of a
    // run worker's CPU (its bindings are serialized when it is made).
    let child: Logger | undefined;
    const clog = (): Logger => (child ??= log.child({ actor, verb, msgId: d.msgId, traceId: d.traceId, deliveryCount: d.deliveryCount }));
    const beat = (): void => {
      if (!e.settled) safe('working', () => d.working());
    };
    // Long work must not look like a dead worker: keep restarting the ack wait. This is the one
    // place that does it, for every handler, so no handler runs a timer of its own.
    const timer = setInterval(beat, Math.max(20, Math.floor(opts.ackWaitMs / 3)));
    timer.unref?.();
    try {
      if (opts.poison && d.deliveryCount > 1) {
        e.naks = await opts.poison.naks(d);
        const lost = d.deliveryCount - 1 - e.naks;
        if (lost >= opts.poison.poisonAfter) return await poisoned(e, verb, known, lost, clog);
      }
      const handler = Object.hasOwn(handlers, verb) ? handlers[verb] : undefined;
      if (handler === undefined) {
        throw new AppError('invalid_request', { detail: 'unknown_verb', message: `actor ${actor} has no verb ${verb}` });
      }
      // The store cannot hold a NUL, so a handler would fail on it at every redelivery until the
      // caller gave up; read from the raw bytes, it costs no parse.
      if (jsonHoldsNul(d.data)) throw nulRefused('the command payload');
      let payload: unknown;
      try {
        payload = decode(d.data);
      } catch (err) {
        throw new AppError('invalid_json', { message: 'the command payload is not valid JSON', cause: err });
      }
      opts.check?.(verb, payload);
      const ctx: HandlerContext = {
        subject: d.subject,
        verb,
        msgId: d.msgId,
        traceId: d.traceId,
        deliveryCount: d.deliveryCount,
        get log() {
          return clog();
        },
      };
      const result: unknown = await (handler as Handler)(ctx, payload);
      opts.beforeAck?.(actor, verb);
      if (settle(e, 'ack', () => d.ack())) {
        count(known, 'acked');
        reply(d, result, false);
      }
    } catch (err) {
      const failure = classify(err);
      if (failure === 'outage' || (failure === 'unknown' && d.deliveryCount < opts.maxDeliver)) {
        const delay = opts.backoffMs(d.deliveryCount);
        clog()[failure === 'outage' ? 'warn' : 'error'](
          { err, retryInMs: delay },
          failure === 'outage' ? 'command met an outage; will retry until it passes' : 'command failed; will retry',
        );
        await nak(e, known, delay);
      } else {
        await end(e, verb, err, clog);
      }
    } finally {
      clearInterval(timer);
      inflight.delete(e);
      wake();
    }
  }

  /**
   * Stores a command's dead letter; when it cannot be stored the command is nak'd instead (after
   * `unstored` logs why), so a later delivery decides again and nothing is dropped.
   */
  async function deadLetter(
    e: InFlight,
    verb: string,
    reason: DeadLetter['error'],
    unstored: (dlqErr: unknown, retryInMs: number) => void,
  ): Promise<boolean> {
    try {
      await opts.deadLetter(deadLetterOf(e.d, actor, verb, reason));
      return true;
    } catch (dlqErr) {
      const delay = opts.backoffMs(e.d.deliveryCount);
      unstored(dlqErr, delay);
      await nak(e, labelOf(verb), delay);
      return false;
    }
  }

  /**
   * A command whose earlier deliveries ended with no settlement (the worker died, or stalled past
   * its ack wait) `lost` times: dead-lettered as `poison` without running it again. If the dead
   * letter cannot be stored it is nak'd and the next delivery decides again.
   */
  async function poisoned(e: InFlight, verb: string, known: string, lost: number, clog: () => Logger): Promise<void> {
    const { d } = e;
    try {
      // Before the dead letter: once it is stored the command is gone, and what it left behind
      // must not be run again without it (the run actor's recovery sweep would).
      await opts.poison?.onPoisoned?.(verb, payloadOf(d.data).payload);
    } catch (hookErr) {
      const delay = opts.backoffMs(d.deliveryCount);
      clog().error({ err: hookErr, retryInMs: delay }, 'poison command could not be set aside; will retry');
      await nak(e, known, delay);
      return;
    }
    const reason = {
      error: 'poison',
      message: `the worker handling ${actor}.${verb} died or stalled on ${lost} of its ${d.deliveryCount} deliveries (limit ${opts.poison?.poisonAfter}); not run again until replayed`,
    };
    const stored = await deadLetter(e, verb, reason, (dlqErr, retryInMs) =>
      clog().error({ dlqErr, retryInMs }, 'poison command could not be dead-lettered; will retry'),
    );
    if (!stored) return;
    count(known, 'poisoned');
    clog().warn({ lost }, 'poison command dead-lettered');
    settle(e, 'term', () => d.term());
  }

  /**
   * Ends a command: a refusal answered to a caller who waits for it is that caller's answer;
   * anything else is dead-lettered first, and only once the dead letter is stored is the command
   * terminated (if it cannot be stored, the command is retried instead: nothing is dropped).
   */
  async function end(e: InFlight, verb: string, err: unknown, clog: () => Logger): Promise<void> {
    const { d } = e;
    const body = toWireError(err);
    const answered = d.replyTo !== undefined && isAppError(err) && err.status < 500;
    if (!answered) {
      const reason = isAppError(err)
        ? body
        : {
            error: body.error,
            message: `${(err as Error)?.name ?? 'Error'} on every one of ${d.deliveryCount} deliveries; the worker log has it under msgId ${d.msgId}`,
          };
      const stored = await deadLetter(e, verb, reason, (dlqErr, retryInMs) =>
        clog().error({ err, dlqErr, retryInMs }, 'command ended but its dead letter could not be stored; will retry'),
      );
      if (!stored) return;
      count(labelOf(verb), 'dead_lettered');
    }
    // A refusal (4xx) is an ordinary answer, not trouble: only server-side failures warn.
    const level = isAppError(err) && err.status < 500 ? 'info' : 'warn';
    clog()[level]({ err: isAppError(err) ? { code: err.wireCode, message: err.message } : err, deadLettered: !answered }, 'command ended');
    if (settle(e, 'term', () => d.term())) reply(d, body, true);
  }

  return {
    free: () => (draining ? 0 : Math.max(0, opts.concurrency - inflight.size)),
    inFlight: () => inflight.size,
    dispatch(d) {
      const e: InFlight = { d, settled: false, naks: d.deliveryCount > 1 ? undefined : 0 };
      inflight.add(e);
      if (tracingOn()) void consumeTraced(d, actor, verbOf(names, actor, d.subject), opts.processName, () => handle(e));
      else void handle(e);
    },
    whenFree() {
      if (draining || inflight.size < opts.concurrency) return Promise.resolve();
      return new Promise((r) => waiters.push(r));
    },
    async drain(graceMs) {
      draining = true;
      wake();
      const deadline = Date.now() + graceMs;
      while (inflight.size > 0 && Date.now() < deadline) {
        await new Promise<void>((r) => {
          const t = setTimeout(r, Math.max(1, deadline - Date.now()));
          waiters.push(() => {
            clearTimeout(t);
            r();
          });
        });
      }
      // Hand unfinished work back at once rather than let it sit out a whole ack wait.
      await Promise.all(
        [...inflight].map(async (e) => {
          if (e.settled) return;
          await nak(e, labelOf(verbOf(names, actor, e.d.subject)), 0);
          log.warn({ actor, msgId: e.d.msgId }, 'handler outlived the stop grace; nak');
        }),
      );
    },
  };
}
