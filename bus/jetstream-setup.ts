/**
 * Stream and consumer definitions, created idempotently. Several processes start at the
 * same moment and race to create the same things, so "create" here means: look, create if
 * missing, and if the create loses the race, accept what the winner made. Definitions live in
 * one place so `deploy/` and tests see exactly what a worker would create.
 */
import {
  AckPolicy,
  DeliverPolicy,
  DiscardPolicy,
  RetentionPolicy,
  StorageType,
  type ConsumerConfig,
  type JetStreamManager,
  type StreamConfig,
} from '@nats-io/jetstream';
import { nanos } from '@nats-io/nats-core';
import type { Logger } from 'pino';
import type { ActorName, Names } from './subjects.js';
import { DUPLICATE_WINDOW_MS } from './wire.js';

export const EVENT_MAX_AGE_MS = 7 * 24 * 3600_000;

export function commandStreamConfig(
  names: Names,
  replicas = 1,
  duplicateWindowMs = DUPLICATE_WINDOW_MS,
): Partial<StreamConfig> & { name: string } {
  return {
    name: names.commandStream,
    num_replicas: replicas,
    subjects: [`${names.prefix}.cmd.>`],
    retention: RetentionPolicy.Workqueue,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    duplicate_window: nanos(duplicateWindowMs),
  };
}

/** SVC_EVT_MAX_BYTES / SVC_EVT_MAX_AGE: how much of the event history the stream keeps. */
export interface EventLimits {
  /** undefined: no size limit. */
  readonly maxBytes?: number | undefined;
  /** undefined: EVENT_MAX_AGE_MS. */
  readonly maxAgeMs?: number | undefined;
}

export function eventStreamConfig(names: Names, replicas = 1, limits: EventLimits = {}): Partial<StreamConfig> & { name: string } {
  return {
    name: names.eventStream,
    num_replicas: replicas,
    subjects: [`${names.prefix}.evt.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(limits.maxAgeMs ?? EVENT_MAX_AGE_MS),
    // Explicit even when unlimited (-1), so unsetting SVC_EVT_MAX_BYTES lifts a limit set before.
    max_bytes: limits.maxBytes ?? -1,
  };
}

/** Dead letters stay until an operator replays them (or 30 days pass). */
export const DEAD_LETTER_MAX_AGE_MS = 30 * 24 * 3600_000;

export function deadLetterStreamConfig(names: Names, replicas = 1): Partial<StreamConfig> & { name: string } {
  return {
    name: names.deadLetterStream,
    num_replicas: replicas,
    subjects: [`${names.prefix}.dlq.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_age: nanos(DEAD_LETTER_MAX_AGE_MS),
  };
}

/** A command waits as long as an outage lasts, and its nak count must outlive the wait. */
export const NAK_MARK_MAX_AGE_MS = 30 * 24 * 3600_000;

/** The latest nak count per command (one message per subject); consumer.ts reads it on a redelivery. */
export function nakStreamConfig(names: Names, replicas = 1): Partial<StreamConfig> & { name: string } {
  return {
    name: names.nakStream,
    num_replicas: replicas,
    subjects: [`${names.prefix}.nak.>`],
    retention: RetentionPolicy.Limits,
    storage: StorageType.File,
    discard: DiscardPolicy.Old,
    max_msgs_per_subject: 1,
    max_age: nanos(NAK_MARK_MAX_AGE_MS),
  };
}

/** Every stream a prefix owns, in the order they are created. */
export function streamConfigs(
  names: Names,
  replicas = 1,
  duplicateWindowMs?: number,
  eventLimits?: EventLimits,
): (Partial<StreamConfig> & { name: string })[] {
  return [
    commandStreamConfig(names, replicas, duplicateWindowMs),
    eventStreamConfig(names, replicas, eventLimits),
    deadLetterStreamConfig(names, replicas),
    nakStreamConfig(names, replicas),
  ];
}

export function consumerConfig(names: Names, actor: ActorName, ackWaitMs: number): Partial<ConsumerConfig> & { durable_name: string } {
  return {
    durable_name: names.consumer(actor),
    filter_subject: names.commandFilter(actor),
    ack_policy: AckPolicy.Explicit,
    deliver_policy: DeliverPolicy.All,
    ack_wait: nanos(ackWaitMs),
    // Unbounded: the dispatcher (consumer.ts) decides when a command ends, and a command it ends
    // goes to the dead-letter stream first, so nothing is dropped by the server on a count.
    max_deliver: -1,
  };
}

/** What follows the running config on an existing stream, as a consumer's ack wait does:
 * the duplicate window (SVC_DUPLICATE_WINDOW_MS) and the limits (SVC_EVT_MAX_AGE, SVC_EVT_MAX_BYTES). */
const FOLLOWED = ['duplicate_window', 'max_age', 'max_bytes'] as const;

/** An existing stream keeps its definition, except the FOLLOWED settings. */
export async function ensureStream(jsm: JetStreamManager, cfg: Partial<StreamConfig> & { name: string }): Promise<void> {
  const existing = await jsm.streams.info(cfg.name).catch(() => undefined);
  if (existing !== undefined) {
    const changed = FOLLOWED.filter((k) => cfg[k] !== undefined && existing.config[k] !== cfg[k]);
    if (changed.length > 0) await jsm.streams.update(cfg.name, Object.fromEntries(changed.map((k) => [k, cfg[k]])));
    return;
  }
  // missing (or the lookup failed): try to create it below
  try {
    await jsm.streams.add(cfg);
  } catch (err) {
    // Another process may have created it between our look and our create.
    await jsm.streams.info(cfg.name).catch(() => {
      throw err;
    });
  }
}

/** Ack wait and max deliver follow the running config, so a redeploy can change them. */
export async function ensureConsumer(
  jsm: JetStreamManager,
  stream: string,
  cfg: Partial<ConsumerConfig> & { durable_name: string },
  log: Logger,
): Promise<void> {
  const existing = await jsm.consumers.info(stream, cfg.durable_name).catch(() => undefined);
  if (existing !== undefined) {
    const c = existing.config;
    if (c.ack_wait !== cfg.ack_wait || c.max_deliver !== cfg.max_deliver) {
      await jsm.consumers
        .update(stream, cfg.durable_name, { ack_wait: cfg.ack_wait, max_deliver: cfg.max_deliver })
        .catch((err: unknown) => log.warn({ err, consumer: cfg.durable_name }, 'could not update consumer limits'));
    }
    return;
  }
  try {
    await jsm.consumers.add(stream, cfg);
  } catch (err) {
    await jsm.consumers.info(stream, cfg.durable_name).catch(() => {
      throw err;
    });
  }
}

/** Everything a prefix owns; tests call it at teardown so runs never leave streams behind. */
export async function deleteJetStreamResources(jsm: JetStreamManager, names: Names): Promise<void> {
  for (const s of [names.commandStream, names.eventStream, names.deadLetterStream, names.nakStream]) {
    await jsm.streams.delete(s).catch(() => false);
  }
}
