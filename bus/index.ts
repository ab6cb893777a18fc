/**
 * The public face of `bus/`: the interface, the names, the typed verb clients, both transports
 * and the clock. The composition root calls `createBus` once; nothing else picks a transport.
 */
import type { Logger } from 'pino';
import type { Bus } from './types.js';
import type { Names } from './subjects.js';
import { createEmbeddedBroker, createEmbeddedBus } from './embedded.js';
import { createJetStreamBus } from './jetstream.js';
import type { EventLimits } from './jetstream-setup.js';
import type { NatsConnectOptions } from '../schemas/config.js';

export type {
  Bus,
  BusEvent,
  BusHealth,
  CallOptions,
  ConsumeOptions,
  ConsumerHandle,
  EmitOptions,
  Handler,
  HandlerContext,
  PayloadCheck,
  Provider,
  SendOptions,
  SendResult,
  Subscription,
} from './types.js';
export { ACTORS, isActorName, names, subjectMatches, type ActorName, type Names } from './subjects.js';
export {
  clientOf,
  clientsOf,
  payloadCheck,
  rpcName,
  serveVerbs,
  type Client,
  type Clients,
  type Handlers,
  type RequestOptions,
  type VerbClient,
} from './verbs.js';
export {
  createEmbeddedBroker,
  createEmbeddedBus,
  type EmbeddedBroker,
  type EmbeddedBrokerOptions,
  type EmbeddedBus,
  type EmbeddedBusOptions,
} from './embedded.js';
export { createJetStreamBus, type JetStreamBus, type JetStreamBusOptions } from './jetstream.js';
export { deleteJetStreamResources, type EventLimits } from './jetstream-setup.js';
export { clockMsgId, startMinuteClock, type MinuteClockOptions } from './clock.js';
export { HEADERS } from './wire.js';
export { checkEvent, EventMismatch } from './event-check.js';
import { backoffWithCap } from './wire.js';
import { checkingEvents } from './event-check.js';
import { commands } from '../kernel/metrics.js';
import type { ActorName } from './subjects.js';
import type { CallOptions, SendOptions } from './types.js';

export interface CreateBusOptions {
  /** NATS_URL; without it the bus is embedded (single process only). */
  servers?: string | string[] | undefined;
  /** How the NATS connection authenticates and encrypts (runtime/nats-config.ts). */
  connectOptions?: NatsConnectOptions;
  /** SVC_EVT_MAX_BYTES / SVC_EVT_MAX_AGE (JetStream only). */
  eventLimits?: EventLimits;
  /** The connection's inbox prefix (JetStream only; see JetStreamBusOptions). */
  inboxPrefix?: string;
  names: Names;
  log: Logger;
  ackWaitMs?: number;
  /** Connection name (e.g. `svc-worker-host:pid`). */
  name?: string;
  /** JetStream replicas of streams and buckets. */
  replicas?: number;
  /** The longest wait between two deliveries of a failing command (default 30 s). */
  retryCapMs?: number;
  /** The command stream's duplicate window (both transports). */
  duplicateWindowMs?: number;
  /** Told of every dead letter stored (main/system.ts records it as an audit event). */
  onDeadLetter?: (dl: import('../schemas/dlq.js').DeadLetter) => void;
  /** Test-only: runs just before a command is acked (kernel/faults.ts `ack.before`). */
  beforeAck?: (actor: string, verb: string) => void;
  /** Test-only (SVC_VALIDATE_EVENTS): every event is checked against its schema before it is published. */
  checkEvents?: boolean;
  /** SVC_POISON_DELIVERIES: deliveries lost to a dead or stuck worker before a command is poison (JetStream only). */
  poisonAfter?: number;
}

export function createBus(opts: CreateBusOptions): Bus {
  const { servers, names, log, ackWaitMs, name, replicas, beforeAck, onDeadLetter, duplicateWindowMs } = opts;
  const window = duplicateWindowMs === undefined ? {} : { duplicateWindowMs };
  const hook = {
    ...(opts.retryCapMs === undefined ? {} : { backoffMs: backoffWithCap(opts.retryCapMs) }),
    ...(beforeAck === undefined ? {} : { beforeAck }),
    ...(onDeadLetter === undefined ? {} : { onDeadLetter }),
  };
  const bus =
    servers !== undefined && servers.length > 0
      ? createJetStreamBus({
          servers,
          names,
          log,
          ...(ackWaitMs === undefined ? {} : { ackWaitMs }),
          ...(name === undefined ? {} : { name }),
          ...(replicas === undefined ? {} : { replicas }),
          ...(opts.poisonAfter === undefined ? {} : { poisonAfter: opts.poisonAfter }),
          ...(opts.connectOptions === undefined ? {} : { connectOptions: opts.connectOptions }),
          ...(opts.eventLimits === undefined ? {} : { eventLimits: opts.eventLimits }),
          ...(opts.inboxPrefix === undefined ? {} : { inboxPrefix: opts.inboxPrefix }),
          ...window,
          ...hook,
        })
      : createEmbeddedBus({
          broker: createEmbeddedBroker(window),
          names,
          log,
          ...(ackWaitMs === undefined ? {} : { ackWaitMs }),
          ...hook,
        });
  return countingPublishes(opts.checkEvents === true ? checkingEvents(bus, log) : bus);
}

/** Counts the commands this process publishes (svc_bus_commands_total, event `published`); a
 * copy the stream dropped as a duplicate is not counted. */
function countingPublishes<B extends Bus>(bus: B): B {
  const send = bus.send.bind(bus);
  const call = bus.call.bind(bus);
  return Object.assign(bus, {
    async send(actor: ActorName, verb: string, payload: unknown, o?: SendOptions) {
      const r = await send(actor, verb, payload, o);
      if (!r.duplicate) commands.inc({ actor, verb, event: 'published' });
      return r;
    },
    call<R>(actor: ActorName, verb: string, payload: unknown, o?: CallOptions): Promise<R> {
      commands.inc({ actor, verb, event: 'published' });
      return call<R>(actor, verb, payload, o);
    },
  });
}
