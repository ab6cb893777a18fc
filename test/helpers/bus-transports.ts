/**
 * One harness for the bus contract test, so every case runs unchanged against the embedded
 * broker and a real NATS JetStream server. Each case gets a fresh random prefix (its own
 * streams, consumers and bucket) and tears them down, so parallel runs never see each other.
 * Several clients on one transport stand in for several worker processes.
 */
import { randomUUID } from 'node:crypto';
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import { pino } from 'pino';
import type { Bus } from '../../bus/types.js';
import type { Test } from 'tap';
import type { DeadLetter } from '../../schemas/dlq.js';
import { ACTORS, names as makeNames, type Names } from '../../bus/subjects.js';
import { createEmbeddedBroker, createEmbeddedBus } from '../../bus/embedded.js';
import { createJetStreamBus } from '../../bus/jetstream.js';
import { deleteJetStreamResources } from '../../bus/jetstream-setup.js';

export type Kind = 'embedded' | 'jetstream';
export type TestBus = Bus & { destroy(): Promise<void> };

/** Per-client settings a test may change: the ack wait, the retry pace, a dead-letter listener. */
export interface ClientOptions {
  ackWaitMs?: number;
  backoffMs?: (deliveryCount: number) => number;
  onDeadLetter?: (dl: DeadLetter) => void;
}

export interface Harness {
  readonly kind: Kind;
  readonly names: Names;
  /** A started client: one simulated process. */
  client(opts?: ClientOptions): Promise<TestBus>;
  /** Commands stored and not yet acked, across all actors of this prefix. */
  stored(): Promise<number>;
  /** What the server holds for this prefix (JetStream only): streams, bucket and a consumer. */
  definitions(): Promise<Record<string, unknown> | undefined>;
  close(): Promise<void>;
}

export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const log = pino({ level: process.env.BUS_TEST_LOG ?? 'silent' });

export function freshNames(): Names {
  return makeNames('t' + randomUUID().replace(/-/g, '').slice(0, 16));
}

/** Why the JetStream half cannot run here, or undefined when it can. */
export async function jetStreamUnavailable(): Promise<string | undefined> {
  try {
    const nc = await connect({ servers: NATS_URL, timeout: 2_000 });
    try {
      await jetstreamManager(nc);
    } finally {
      await nc.close();
    }
    return undefined;
  } catch (err) {
    return `no NATS JetStream at ${NATS_URL} (${(err as Error).message}); start nats-server -js or set NATS_URL`;
  }
}

const extra = (o: ClientOptions) => ({
  ...(o.backoffMs ? { backoffMs: o.backoffMs } : {}),
  ...(o.onDeadLetter ? { onDeadLetter: o.onDeadLetter } : {}),
});

export async function harness(kind: Kind): Promise<Harness> {
  const names = freshNames();
  const clients: TestBus[] = [];
  if (kind === 'embedded') {
    const broker = createEmbeddedBroker();
    return {
      kind,
      names,
      async client(o = {}) {
        const bus = createEmbeddedBus({ broker, names, log, ackWaitMs: o.ackWaitMs ?? 5_000, ...extra(o) });
        clients.push(bus);
        await bus.start();
        return bus;
      },
      stored: async () => ACTORS.reduce((n, a) => n + broker.depth(names.commandFilter(a)), 0),
      definitions: async () => undefined,
      async close() {
        await Promise.all(clients.map((c) => c.close()));
        broker.shutdown();
      },
    };
  }
  const admin = await connect({ servers: NATS_URL });
  const jsm = await jetstreamManager(admin);
  return {
    kind,
    names,
    async client(o = {}) {
      const bus = createJetStreamBus({
        servers: NATS_URL,
        names,
        log,
        ackWaitMs: o.ackWaitMs ?? 5_000,
        name: `bus-test-${clients.length}`,
        ...extra(o),
      });
      clients.push(bus);
      await bus.start();
      return bus;
    },
    stored: async () => (await jsm.streams.info(names.commandStream)).state.messages,
    async definitions() {
      const [cmd, evt, dlq, run] = await Promise.all([
        jsm.streams.info(names.commandStream),
        jsm.streams.info(names.eventStream),
        jsm.streams.info(names.deadLetterStream),
        jsm.consumers.info(names.commandStream, names.consumer('run')),
      ]);
      return { cmd: cmd.config, evt: evt.config, dlq: dlq.config, run: run.config };
    },
    async close() {
      await Promise.all(clients.map((c) => c.close()));
      await deleteJetStreamResources(jsm, names);
      await admin.close();
    },
  };
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A fresh prefix on the real server and a manager for it; its streams go when the test ends. */
export async function scratchStreams(t: Test): Promise<{ names: Names; jsm: Awaited<ReturnType<typeof jetstreamManager>> }> {
  const names = freshNames();
  const nc = await connect({ servers: NATS_URL });
  const jsm = await jetstreamManager(nc);
  t.teardown(async () => {
    await deleteJetStreamResources(jsm, names);
    await nc.close();
  });
  return { names, jsm };
}
