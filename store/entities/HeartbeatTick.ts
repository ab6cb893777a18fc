/**
 * The tick ledger: one row per window of a heartbeat and what became of it (ran, skipped,
 * coalesced, missed, ...). A window that ran has the id of its claim (`<crewId>/<window key>`), so
 * a takeover continues the same row; rows that only record a copy finding the window taken have
 * ids of their own.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import type { TickItem, TickUsage } from '../../schemas/heartbeats.js';

export const HeartbeatTick = defineEntity({
  name: 'HeartbeatTick',
  indexes: [{ properties: ['crewId', 'startedAt'] }],
  properties: {
    id: p.string().primary(),
    crewId: p.string(),
    kind: p.string(),
    window: p.datetime(),
    status: p.string(),
    items: p.json<TickItem[]>(),
    runs: p.json<string[]>(),
    usage: p.json<TickUsage>().nullable(),
    note: p.string().nullable(),
    worker: p.string(),
    startedAt: p.datetime(),
    finishedAt: p.datetime().nullable(),
  },
});

export type HeartbeatTick = InferEntity<typeof HeartbeatTick>;
