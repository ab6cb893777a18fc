/**
 * `svc migrate`'s bus half: connects, creates or updates every stream and every actor's durable
 * consumer of a prefix (jetstream-setup.ts, the definitions a worker would create), and leaves.
 * Safe to run beside another copy or a starting worker: each create accepts a winner's object.
 */
import { connect } from '@nats-io/transport-node';
import { jetstreamManager } from '@nats-io/jetstream';
import type { Logger } from 'pino';
import { ACTORS, type Names } from './subjects.js';
import { consumerConfig, ensureConsumer, ensureStream, streamConfigs, type EventLimits } from './jetstream-setup.js';
import type { NatsConnectOptions } from '../schemas/config.js';
import { connectFailed, DEFAULT_ACK_WAIT_MS } from './wire.js';

export interface SetUpOptions {
  servers: string;
  /** NATS_CREDS, NATS_NKEY_SEED, NATS_TOKEN, NATS_USER/NATS_PASSWORD, NATS_TLS_* as the client's options. */
  connectOptions?: NatsConnectOptions;
  /** SVC_EVT_MAX_BYTES / SVC_EVT_MAX_AGE. */
  eventLimits?: EventLimits;
  names: Names;
  log: Logger;
  replicas?: number;
  duplicateWindowMs?: number;
  ackWaitMs?: number;
  /** How long to wait for NATS before failing (default 10 s). */
  connectWaitMs?: number;
}

export async function setUpJetStream(o: SetUpOptions): Promise<{ streams: string[]; consumers: string[] }> {
  const nc = await connect({
    ...o.connectOptions,
    servers: o.servers
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    name: `svc-migrate-${process.pid}`,
    timeout: o.connectWaitMs ?? 10_000,
  }).catch((err: unknown) => {
    throw connectFailed(err);
  });
  try {
    const jsm = await jetstreamManager(nc);
    const streams = streamConfigs(o.names, o.replicas ?? 1, o.duplicateWindowMs, o.eventLimits);
    for (const s of streams) await ensureStream(jsm, s);
    const consumers = ACTORS.map((a) => consumerConfig(o.names, a, o.ackWaitMs ?? DEFAULT_ACK_WAIT_MS));
    for (const c of consumers) await ensureConsumer(jsm, o.names.commandStream, c, o.log);
    return { streams: streams.map((s) => s.name), consumers: consumers.map((c) => c.durable_name) };
  } finally {
    await nc.close();
  }
}
