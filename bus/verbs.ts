/**
 * The typed face of the bus, read from the verb declarations in schemas/commands: a client per
 * actor whose methods are its verbs, and the serving side, which checks every payload it takes
 * against its verb's schema before the handler runs. A payload that does not match ends as any
 * refusal does (consumer.ts): answered invalid_request to a caller who waits, dead-lettered with
 * its reason otherwise.
 */
import type { Logger } from 'pino';
import { Compile, type Validator } from 'typebox/compile';
import { COMMANDS, type Commands, type InputOf, type OutputOf, type Verb, type Verbs } from '../schemas/commands/index.js';
import { AppError, isAppError } from '../schemas/errors.js';
import type {
  Bus,
  CallOptions,
  ConsumerHandle,
  Handler,
  HandlerContext,
  PayloadCheck,
  PoisonHook,
  SendOptions,
  SendResult,
} from './types.js';
import type { ActorName } from './subjects.js';

/** One handler per verb, typed by the verb's input and output. */
export type Handlers<V extends Verbs> = { readonly [K in keyof V]: Handler<InputOf<V[K]>, OutputOf<V[K]>> };

export interface RequestOptions {
  timeoutMs?: number;
  traceId?: string;
}

/** Calling a verb sends it through the stream and waits for its answer; `send` does not wait. */
export type VerbClient<V extends Verb> = {
  (input: InputOf<V>, opts?: CallOptions): Promise<OutputOf<V>>;
  send(input: InputOf<V>, opts?: SendOptions): Promise<SendResult>;
} & (V['rpc'] extends true
  ? {
      /** Asked as a core request/reply: answered at once by one replica, never redelivered. */
      request(input: InputOf<V>, opts?: RequestOptions): Promise<OutputOf<V>>;
    }
  : unknown);

export type Client<V extends Verbs> = { readonly [K in keyof V]: VerbClient<V[K]> };
export type Clients = { readonly [A in keyof Commands]: Client<Commands[A]> };

/** The core request/reply subject name of an rpc verb (`<prefix>.rpc.<actor>.<verb>`). */
export function rpcName(actor: string, verb: string): string {
  return `${actor}.${verb}`;
}

export function clientOf<A extends keyof Commands>(bus: Bus, actor: A): Client<Commands[A]> {
  const out: Record<string, unknown> = {};
  for (const [name, v] of Object.entries(COMMANDS[actor] as Verbs)) {
    const call = (input: unknown, opts?: CallOptions) => bus.call(actor, name, input, opts);
    const send = (input: unknown, opts?: SendOptions) => bus.send(actor, name, input, opts);
    const request = (input: unknown, opts?: RequestOptions) => bus.request(rpcName(actor, name), input, opts);
    out[name] = Object.assign(call, v.rpc ? { send, request } : { send });
  }
  return out as Client<Commands[A]>;
}

export function clientsOf(bus: Bus): Clients {
  return {
    run: clientOf(bus, 'run'),
    gate: clientOf(bus, 'gate'),
    mcp: clientOf(bus, 'mcp'),
    ops: clientOf(bus, 'ops'),
    trigger: clientOf(bus, 'trigger'),
    clock: clientOf(bus, 'clock'),
    heartbeat: clientOf(bus, 'heartbeat'),
    chain: clientOf(bus, 'chain'),
  };
}

/** A check of each verb's payload, its schema compiled on the verb's first command. */
export function payloadCheck(actor: string, verbs: Verbs): PayloadCheck {
  const compiled = new Map<string, Validator>();
  return (name, payload) => {
    const v = Object.hasOwn(verbs, name) ? verbs[name] : undefined;
    if (v === undefined) return; // the dispatcher refuses an unknown verb itself
    let check = compiled.get(name);
    if (check === undefined) compiled.set(name, (check = Compile(v.input)));
    if (check.Check(payload)) return;
    const first = check.Errors(payload)[0];
    const where = first
      ? `${first.instancePath === '' ? 'the payload' : first.instancePath} ${first.message}`
      : 'does not match its schema';
    throw new AppError('invalid_request', { terminal: true, message: `${actor}.${name}: ${where}` });
  };
}

export interface ServeOptions {
  readonly concurrency?: number | undefined;
  readonly log: Logger;
  readonly onPoisoned?: PoisonHook | undefined;
}

/**
 * Consumes an actor's work queue with its handlers, each payload checked first, and answers its
 * rpc verbs on their request/reply subjects (where a refusal is logged at info and a failure
 * warns, as the dispatcher does for commands).
 */
export async function serveVerbs(
  bus: Bus,
  actor: ActorName,
  verbs: Verbs,
  handlers: Readonly<Record<string, Handler<never, unknown>>>,
  opts: ServeOptions,
): Promise<ConsumerHandle> {
  const check = payloadCheck(actor, verbs);
  const consumer = await bus.consume(actor, handlers, {
    check,
    ...(opts.concurrency === undefined ? {} : { concurrency: opts.concurrency }),
    ...(opts.onPoisoned === undefined ? {} : { onPoisoned: opts.onPoisoned }),
  });
  for (const [name, v] of Object.entries(verbs)) {
    if (!v.rpc) continue;
    const handler = handlers[name] as Handler;
    const log = opts.log.child({ actor, rpc: rpcName(actor, name) });
    await bus.serve(rpcName(actor, name), async (payload: unknown, traceId: string) => {
      try {
        check(name, payload);
        const ctx: HandlerContext = {
          subject: bus.names.rpc(rpcName(actor, name)),
          verb: name,
          msgId: traceId,
          traceId,
          deliveryCount: 1,
          log,
        };
        return await handler(ctx, payload);
      } catch (err) {
        if (!isAppError(err)) {
          log.error({ err, traceId }, `${actor} ${name} failed`);
          throw new AppError('internal_error');
        }
        const e = { err: { code: err.wireCode, message: err.message }, traceId };
        if (err.status < 500) log.info(e, `${actor} ${name} refused`);
        else log.warn(e, `${actor} ${name} failed`);
        throw err;
      }
    });
  }
  return consumer;
}
