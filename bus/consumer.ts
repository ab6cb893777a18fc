/**
 * Actors throw; the bus decides the ack. This is the one place that maps a handler's outcome to
 * ack / term / nak and to the reply a waiting caller gets, for both transports. A transport only
 * turns its messages into `Delivery`s and pulls no more than `free()` of them at a time.
 */
import type { Logger } from 'pino';
import { AppError, isAppError } from '../schemas/errors.js';
import type { Handler, HandlerContext } from './types.js';
import type { ActorName, Names } from './subjects.js';
import { decode, encode, toWireError, verbOf } from './wire.js';

/** One delivery of one command, as any transport hands it over. */
export interface Delivery {
  readonly subject: string;
  readonly data: Uint8Array;
  readonly msgId: string;
  readonly traceId: string;
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
  readonly handlers: Record<string, Handler<any, any>>;
  readonly concurrency: number;
  readonly ackWaitMs: number;
  readonly maxDeliver: number;
  readonly backoffMs: (deliveryCount: number) => number;
  readonly log: Logger;
  /** Publishes a reply to a caller's inbox (core, fire and forget). */
  reply(to: string, body: Uint8Array, isError: boolean): void;
  /** Test-only: runs just before a command is acked (runtime/faults.ts `ack.before`). */
  readonly beforeAck?: ((actor: string, verb: string) => void) | undefined;
  /** Called whenever a slot frees, so a push-style transport can offer more work. */
  onFree?: () => void;
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

  const reply = (d: Delivery, body: unknown, isError: boolean): void => {
    if (d.replyTo === undefined) return;
    const to = d.replyTo;
    safe('reply', () => opts.reply(to, encode(body), isError));
  };

  async function handle(e: InFlight): Promise<void> {
    const { d } = e;
    const verb = verbOf(names, actor, d.subject);
    // Made on first use: most commands log nothing, and a pino child per command was ~1.6% of a
    // run worker's CPU (its bindings are serialized when it is made).
    let child: Logger | undefined;
    const clog = (): Logger => (child ??= log.child({ actor, verb, msgId: d.msgId, traceId: d.traceId, deliveryCount: d.deliveryCount }));
    const beat = (): void => {
      if (!e.settled) safe('working', () => d.working());
    };
    // Long work must not look like a dead worker: keep restarting the ack wait.
    const timer = setInterval(beat, Math.max(20, Math.floor(opts.ackWaitMs / 3)));
    timer.unref?.();
    try {
      const handler = Object.hasOwn(handlers, verb) ? handlers[verb] : undefined;
      if (handler === undefined) {
        throw new AppError('invalid_request', { detail: 'unknown_verb', message: `actor ${actor} has no verb ${verb}` });
      }
      let payload: unknown;
      try {
        payload = decode(d.data);
      } catch (err) {
        throw new AppError('invalid_json', { message: 'the command payload is not valid JSON', cause: err });
      }
      const ctx: HandlerContext = {
        subject: d.subject,
        verb,
        msgId: d.msgId,
        traceId: d.traceId,
        deliveryCount: d.deliveryCount,
        get log() { return clog(); },
        working: beat,
      };
      const result: unknown = await handler(ctx, payload);
      opts.beforeAck?.(actor, verb);
      if (settle(e, 'ack', () => d.ack())) reply(d, result, false);
    } catch (err) {
      if (isAppError(err) && err.terminal) {
        // A refusal (4xx) is an ordinary answer, not trouble: only server-side failures warn.
        clog()[err.status < 500 ? 'info' : 'warn']({ err: { code: err.wireCode, message: err.message } }, 'command terminated');
        if (settle(e, 'term', () => d.term())) reply(d, toWireError(err), true);
      } else if (d.deliveryCount >= opts.maxDeliver) {
        // The broker would stop redelivering anyway; tell the caller now instead of a timeout.
        clog().error({ err }, 'command failed on its last delivery');
        if (settle(e, 'term', () => d.term())) reply(d, toWireError(err), true);
      } else {
        const delay = opts.backoffMs(d.deliveryCount);
        clog().warn({ err, retryInMs: delay }, 'command failed; will retry');
        settle(e, 'nak', () => d.nak(delay));
      }
    } finally {
      clearInterval(timer);
      inflight.delete(e);
      wake();
    }
  }

  return {
    free: () => (draining ? 0 : Math.max(0, opts.concurrency - inflight.size)),
    inFlight: () => inflight.size,
    dispatch(d) {
      const e: InFlight = { d, settled: false };
      inflight.add(e);
      void handle(e);
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
      for (const e of inflight) {
        if (settle(e, 'nak', () => e.d.nak(0))) log.warn({ actor, msgId: e.d.msgId }, 'handler outlived the stop grace; nak');
      }
    },
  };
}
