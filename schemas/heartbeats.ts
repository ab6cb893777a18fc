/**
 * HTTP and bus shapes of crew heartbeats (the record, the tick, the `/heartbeats` routes).
 * `crewId` and `notifyOnOk` are the contract's names; the other JSON names are chosen here and documented in
 * docs/heartbeats.md. A checklist item names a flow or a skill; which one is its `kind`.
 */
import { Type, type Static } from 'typebox';
import { IdString, IdToken } from './text.js';

/** A skill id is also a flow-id-safe token: a skill item runs as an inline flow named after it. */
export const SkillId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' });

/** SVC_SKILLS: a skill is a declared instruction, not code. */
export const SkillsConfig = Type.Record(
  SkillId,
  Type.Object(
    { title: Type.String({ minLength: 1, maxLength: 200 }), prompt: Type.String({ minLength: 1, maxLength: 20_000 }) },
    { additionalProperties: false },
  ),
);
export type SkillsConfig = Static<typeof SkillsConfig>;

export interface HeartbeatSettings {
  readonly skills: Readonly<SkillsConfig>;
  /** SVC_HEARTBEAT_LOCK_MS: how long a running tick blocks its window. */
  readonly lockMs: number;
  /** SVC_HEARTBEAT_MAX_FAILURES: failed ticks in a row before the heartbeat disables itself. */
  readonly maxFailures: number;
}

/** `HH:MM`, 00:00 to 23:59, read in the heartbeat's zone (checked by the actor, so a bad one gets its own message). */
const ClockTime = Type.String({ maxLength: 16, description: 'HH:MM (00:00-23:59) in the heartbeat timezone' });

/**
 * What an item checks before it runs (an addition of svc): `openGates` runs it only while a gate of
 * the seat's runs is open, `parkedRuns` only while a run of the seat is parked. A guard that finds
 * nothing to do costs no model call and reports `idle`.
 */
export const ItemGuard = Type.Union([Type.Literal('openGates'), Type.Literal('parkedRuns')]);
export type ItemGuard = Static<typeof ItemGuard>;

export const HeartbeatItem = Type.Object(
  {
    kind: Type.Union([Type.Literal('flow'), Type.Literal('skill')]),
    id: IdString({ maxLength: 128 }),
    when: Type.Optional(ItemGuard),
  },
  { additionalProperties: false },
);
export type HeartbeatItem = Static<typeof HeartbeatItem>;

/** What `POST /heartbeats` takes (the heartbeat itself, keyed by `crewId`). */
export const HeartbeatInput = Type.Object(
  {
    crewId: IdToken({ maxLength: 128 }),
    schedule: Type.String({ minLength: 1, maxLength: 200, description: '5-field cron, read in `timezone`' }),
    timezone: Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone name' }),
    quietStart: Type.Optional(ClockTime),
    quietEnd: Type.Optional(ClockTime),
    items: Type.Array(HeartbeatItem, { minItems: 1, maxItems: 32 }),
    /** The seat every item runs as; a seat caller may name only itself. Default: the caller. */
    seat: Type.Optional(IdToken({ maxLength: 200 })),
    model: Type.Optional(IdString({ maxLength: 200 })),
    notifyOnOk: Type.Optional(Type.Boolean({ default: true })),
    stopOnError: Type.Optional(Type.Boolean({ default: false })),
    enabled: Type.Optional(Type.Boolean({ default: true })),
  },
  { additionalProperties: false },
);
export type HeartbeatInput = Static<typeof HeartbeatInput>;

export const HeartbeatBody = Type.Object({ heartbeat: HeartbeatInput }, { additionalProperties: false });

/** One item as a tick left it. */
export const TickItem = Type.Object({
  kind: Type.Union([Type.Literal('flow'), Type.Literal('skill')]),
  id: Type.String(),
  seat: Type.String(),
  /** `ok`, `needs_person` (its run parked), `failed`, `skipped_paused`, `idle` (a guard found nothing),
   * `not_run` (an earlier failure stopped the tick). */
  outcome: Type.Union([
    Type.Literal('ok'),
    Type.Literal('needs_person'),
    Type.Literal('failed'),
    Type.Literal('skipped_paused'),
    Type.Literal('idle'),
    Type.Literal('not_run'),
  ]),
  runId: Type.Optional(Type.String()),
  /** What the item reported: its run's last step summary, or why it did not run. */
  report: Type.String(),
});
export type TickItem = Static<typeof TickItem>;

/** Model usage of the runs a tick caused. Absent on a tick that made no model call. */
export const TickUsage = Type.Object({
  calls: Type.Integer(),
  inputTokens: Type.Integer(),
  outputTokens: Type.Integer(),
  /** Over priced calls only: a floor when `unpricedCalls` > 0. */
  microDollars: Type.Number(),
  unpricedCalls: Type.Integer(),
  /** Calls whose provider reported no token usage: unmeasured, not free. */
  unmeteredCalls: Type.Integer(),
});
export type TickUsage = Static<typeof TickUsage>;

export const TICK_STATUSES = ['running', 'ran', 'failed', 'stopped', 'skipped_quiet', 'skipped_disabled', 'coalesced', 'missed'] as const;
export type TickStatus = (typeof TICK_STATUSES)[number];

export const TickView = Type.Object({
  id: Type.String(),
  crewId: Type.String(),
  /** `scheduled` (the clock) or `manual` (`POST /heartbeats/run`, its own window key). */
  kind: Type.Union([Type.Literal('scheduled'), Type.Literal('manual')]),
  /** The firing minute (ISO 8601); for a manual run, when it was asked. */
  window: Type.String(),
  status: Type.Enum([...TICK_STATUSES]),
  items: Type.Array(TickItem),
  runs: Type.Array(Type.String()),
  usage: Type.Optional(TickUsage),
  /** Why a tick did not run (quiet, coalesced, missed, disabled). */
  note: Type.Optional(Type.String()),
  worker: Type.String(),
  startedAt: Type.String(),
  finishedAt: Type.Optional(Type.String()),
});
export type TickView = Static<typeof TickView>;

export const HeartbeatView = Type.Object({
  crewId: Type.String(),
  schedule: Type.String(),
  timezone: Type.String(),
  quietStart: Type.Optional(Type.String()),
  quietEnd: Type.Optional(Type.String()),
  items: Type.Array(HeartbeatItem),
  seat: Type.String(),
  model: Type.Optional(Type.String()),
  notifyOnOk: Type.Boolean(),
  stopOnError: Type.Boolean(),
  enabled: Type.Boolean(),
  /** Failed ticks in a row; at SVC_HEARTBEAT_MAX_FAILURES the heartbeat disables itself. */
  failures: Type.Integer(),
  updatedBy: Type.String(),
  updatedAt: Type.String(),
  lastTick: Type.Optional(TickView),
});
export type HeartbeatView = Static<typeof HeartbeatView>;

export const CadencePreset = Type.Object({ name: Type.String(), schedule: Type.String(), description: Type.String() });

export const HeartbeatList = Type.Object({
  heartbeats: Type.Array(HeartbeatView),
  presets: Type.Array(CadencePreset),
  /** The cadence floor: no two fire times of a schedule closer than this, in its zone, over the next year. */
  floor: Type.Object({ minutes: Type.Integer() }),
});
export type HeartbeatList = Static<typeof HeartbeatList>;

export const CrewBody = Type.Object({ crewId: IdToken({ maxLength: 128 }) }, { additionalProperties: false });
export const EnabledBody = Type.Object({ crewId: IdToken({ maxLength: 128 }), enabled: Type.Boolean() }, { additionalProperties: false });
export const HeartbeatDeleted = Type.Object({ crewId: Type.String(), deleted: Type.Boolean() });
export const TicksQuery = Type.Object(
  {
    crewId: Type.Optional(IdToken({ maxLength: 128 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  },
  { additionalProperties: false },
);
export const TickList = Type.Object({ ticks: Type.Array(TickView) });
export type TickList = Static<typeof TickList>;

/** `heartbeat.tick`: a scheduled window (`minute`, minutes since the epoch) or a manual run (`manual`, its own key). */
export const TickCommand = Type.Object({
  crewId: IdToken({ maxLength: 128 }),
  minute: Type.Optional(Type.Integer()),
  manual: Type.Optional(Type.Object({ key: Type.String({ minLength: 1 }), by: Type.String(), at: Type.String() })),
});
export type TickCommand = Static<typeof TickCommand>;
