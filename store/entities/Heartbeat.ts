/**
 * A crew heartbeat (docs/heartbeats.md): one per crew, keyed by `crewId`. `failures` counts
 * failed ticks in a row (the circuit breaker); `dueAt` is the last scheduled window the sweep
 * handled, so windows passed with no worker alive can be recorded as missed.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { HeartbeatItem } from '../../schemas/heartbeats.js';

export const Heartbeat = defineEntity({
  name: 'Heartbeat',
  properties: {
    crewId: p.string().primary(),
    schedule: p.string(),
    timezone: p.string(),
    quietStart: p.string().nullable(),
    quietEnd: p.string().nullable(),
    items: p.json<HeartbeatItem[]>(),
    seat: p.string(),
    model: p.string().nullable(),
    notifyOnOk: p.boolean(),
    stopOnError: p.boolean(),
    enabled: p.boolean(),
    failures: p.integer(),
    dueAt: p.datetime().nullable(),
    updatedBy: p.string(),
    createdAt: p.datetime(),
    updatedAt: p.datetime(),
  },
});

export type Heartbeat = InferEntity<typeof Heartbeat>;
