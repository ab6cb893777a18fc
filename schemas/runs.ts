/**
 * HTTP and bus shapes of flow definitions and runs (docs/flows.md). The flow
 * body itself travels as an opaque object: the run actor validates it so that every refusal is
 * one `invalid_flow` naming the step, not a generic schema error.
 */
import { Type, type Static } from 'typebox';
import { WAITING_REASONS, RUN_STATUSES } from './flows.js';
import { IdString, IdToken } from './text.js';

/** A flow definition (schemas/flows.ts `Flow`) as the gateway accepts it: opaque here, so the run
 * actor's validation names the step in its one `invalid_flow`; the OpenAPI document shows the real
 * schema in its place (gateway/openapi.ts finds it by this title). */
export const FlowBody = Type.Record(Type.String(), Type.Unknown(), { title: 'FlowDefinition' });

const Literals = <const T extends readonly string[]>(values: T) => Type.Enum(values as unknown as T[number][]);

/** One entry of a run's trace (`steps[]`). */
export const TraceEntry = Type.Object({
  stepId: Type.String(),
  kind: Type.String(),
  status: Type.Union([Type.Literal('done'), Type.Literal('parked'), Type.Literal('failed'), Type.Literal('resumed')]),
  summary: Type.String(),
  verdict: Type.Optional(Type.String()),
  /** Where the step routed: a step id, or null when the run stopped there. */
  port: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  attemptKey: Type.Optional(Type.String()),
  at: Type.String(),
});
export type TraceEntry = Static<typeof TraceEntry>;

export const Waiting = Type.Object({
  reason: Literals(WAITING_REASONS),
  stepId: Type.String(),
  /** For `awaiting_child` the child run id; for gates and asks the question id. */
  token: Type.Optional(Type.String()),
});

export const RunView = Type.Object(
  {
    id: Type.String(),
    flowId: Type.String(),
    status: Literals(RUN_STATUSES),
    principal: Type.String(),
    trigger: Type.String(),
    input: Type.Optional(Type.String()),
    cursor: Type.Union([Type.String(), Type.Null()]),
    waiting: Type.Optional(Waiting),
    steps: Type.Array(TraceEntry),
    error: Type.Optional(Type.Object({ code: Type.String(), message: Type.String() })),
    parent: Type.Optional(Type.Object({ runId: Type.String(), stepId: Type.String() })),
    stack: Type.Array(Type.String()),
    traceId: Type.Optional(Type.String()),
    createdAt: Type.String(),
    updatedAt: Type.String(),
    endedAt: Type.Optional(Type.String()),
  },
  { $id: 'RunView' },
);
export type RunView = Static<typeof RunView>;

export const RunAccepted = Type.Object({ id: Type.String(), status: Type.Literal('running'), accepted: Type.Literal(true) });
export type RunAccepted = Static<typeof RunAccepted>;

export const StartRunBody = Type.Object(
  {
    id: Type.Optional(IdString()),
    flow: Type.Optional(FlowBody),
    input: Type.Optional(Type.String({ maxLength: 100_000 })),
    /** The seat to run as; honoured only for the operator (who acts for a seat). */
    as: Type.Optional(IdToken()),
  },
  { additionalProperties: false },
);
export type StartRunBody = Static<typeof StartRunBody>;

/** A webhook run's delivery, for the worker to log as accepted before it starts the run
 * (ingress/accepted.ts). */
export const AcceptedDelivery = Type.Object({
  triggerId: Type.String(),
  deliveryKey: Type.String(),
  bytes: Type.Integer(),
  eventType: Type.Union([Type.String(), Type.Null()]),
  /** When the gateway accepted it (ISO 8601). */
  at: Type.String(),
});
export type AcceptedDelivery = Static<typeof AcceptedDelivery>;

/** `run.start` on the bus. */
export const StartRunCommand = Type.Object({
  runId: Type.String({ minLength: 1 }),
  flowId: Type.Optional(Type.String()),
  flow: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  input: Type.Optional(Type.String()),
  principal: Type.String(),
  /** Whether the principal is the operator (sees every saved flow). */
  operator: Type.Optional(Type.Boolean()),
  trigger: Type.Optional(Type.String()),
  traceId: Type.Optional(Type.String()),
  delivery: Type.Optional(AcceptedDelivery),
});
export type StartRunCommand = Static<typeof StartRunCommand>;

/** `run.release` on the bus: a releaser trigger's verified delivery (the `wait` step). The
 * event id comes from (trigger id, delivery key), so every copy of one delivery is one event. */
export const ReleaseCommand = Type.Object({
  eventId: Type.String({ minLength: 1 }),
  flowId: Type.String({ minLength: 1 }),
  /** The trigger's principal: only its own runs' waits are released. */
  principal: Type.String({ minLength: 1 }),
  key: Type.String({ minLength: 1 }),
  /** The trigger's mapped input: the released wait step's output. */
  input: Type.String(),
  traceId: Type.Optional(Type.String()),
  delivery: AcceptedDelivery,
});
export type ReleaseCommand = Static<typeof ReleaseCommand>;

/** What `run.release` did: the run it released, or that the event is kept for a later wait. */
export const ReleaseOutcome = Type.Object({
  eventId: Type.String(),
  released: Type.Union([Type.Object({ runId: Type.String(), stepId: Type.String() }), Type.Null()]),
});
export type ReleaseOutcome = Static<typeof ReleaseOutcome>;

/** A webhook run's start: a `run.start` with its delivery. */
export type WebhookStart = StartRunCommand & { delivery: AcceptedDelivery };

/** Why a parked step is being re-entered (`run.signal`). */
export const ResumeSignal = Type.Union([
  Type.Object({
    kind: Type.Literal('gate_answered'),
    questionId: Type.String(),
    optionId: Type.String(),
    port: Type.Union([Type.String(), Type.Null()]),
  }),
  Type.Object({ kind: Type.Literal('gate_timed_out'), questionId: Type.String() }),
  Type.Object({ kind: Type.Literal('child_finished'), childRunId: Type.String() }),
  Type.Object({ kind: Type.Literal('ask_answered'), questionId: Type.String(), approved: Type.Boolean() }),
  Type.Object({ kind: Type.Literal('released') }),
  /** A releaser trigger's event was bound to the wait (store/waits); the step reads its input there. */
  Type.Object({ kind: Type.Literal('wait_released'), eventId: Type.String() }),
  Type.Object({ kind: Type.Literal('wait_timed_out') }),
]);
export type ResumeSignal = Static<typeof ResumeSignal>;

export const RunIdBody = Type.Object({ runId: IdString() }, { additionalProperties: false });
export const RunReasonBody = Type.Object(
  { runId: IdString(), reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
export const RunStateQuery = Type.Object({ runId: IdString() }, { additionalProperties: false });
const IsoTime = Type.String({ format: 'date-time', maxLength: 40 });
/** Every filter narrows the list; `before` pages on: the runs created before that run (its `next`). */
export const RunListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
    status: Type.Optional(Literals(RUN_STATUSES)),
    flowId: Type.Optional(IdString()),
    principal: Type.Optional(IdString()),
    /** How the run was started (`manual`, `webhook`, `cron`, `epoch`, `heartbeat`, ...). */
    trigger: Type.Optional(IdString()),
    /** Created at or after this instant. */
    since: Type.Optional(IsoTime),
    /** Created before this instant. */
    until: Type.Optional(IsoTime),
    /** A run id from a previous page's `next`: only runs listed after it. */
    before: Type.Optional(IdString()),
  },
  { additionalProperties: false },
);
export type RunListQuery = Static<typeof RunListQuery>;

export const Checkpoint = Type.Object({
  seq: Type.Integer(),
  stepId: Type.Union([Type.String(), Type.Null()]),
  cursor: Type.Union([Type.String(), Type.Null()]),
  outputs: Type.Record(Type.String(), Type.Unknown()),
  principal: Type.String(),
  input: Type.Optional(Type.String()),
  at: Type.String(),
});
export const Attempt = Type.Object({
  key: Type.String(),
  stepId: Type.String(),
  worker: Type.String(),
  openedAt: Type.String(),
  closedAt: Type.Optional(Type.String()),
  outcome: Type.Optional(Type.String()),
});

export const RunState = Type.Object({
  run: RunView,
  /** The definition the run executes, as validated when it started (a later save does not change it). */
  flow: Type.Optional(FlowBody),
  outputs: Type.Record(Type.String(), Type.Unknown()),
  checkpoints: Type.Array(Checkpoint),
  attempts: Type.Array(Attempt),
  children: Type.Array(Type.Object({ id: Type.String(), stepId: Type.String(), status: Type.String() })),
  lease: Type.Optional(Type.Object({ holder: Type.String(), expiresAt: Type.String() })),
});
export type RunState = Static<typeof RunState>;

/** `next`: the `before` of the following page, present when this page is full. */
export const RunList = Type.Object({ runs: Type.Array(RunView), next: Type.Optional(Type.String()) });

export const FlowRecord = Type.Object({
  id: Type.String(),
  title: Type.Optional(Type.String()),
  trigger: Type.String(),
  scope: Type.Object({ level: Type.String(), ref: Type.Optional(Type.String()) }),
  flow: FlowBody,
  savedBy: Type.String(),
  updatedAt: Type.String(),
});
export type FlowRecord = Static<typeof FlowRecord>;
export const FlowList = Type.Object({ flows: Type.Array(FlowRecord) });
export const SaveFlowBody = Type.Object({ flow: FlowBody }, { additionalProperties: false });
export const DeleteFlowBody = Type.Object({ id: IdString() }, { additionalProperties: false });
export const DeleteFlowReply = Type.Object({ id: Type.String(), deleted: Type.Boolean() });
export type DeleteFlowReply = Static<typeof DeleteFlowReply>;
export const TemplateList = Type.Object({
  templates: Type.Array(Type.Object({ id: Type.String(), title: Type.String(), description: Type.String(), flow: FlowBody })),
});
export const AgentPauseBody = Type.Object(
  { agent: IdString(), reason: Type.Optional(Type.String({ maxLength: 500 })) },
  { additionalProperties: false },
);
/** `paused` is false when the seat was already paused; `cancelled` lists its parked runs cancelled now. */
export const AgentPauseReply = Type.Object({
  agent: Type.String(),
  paused: Type.Boolean(),
  cancelled: Type.Array(Type.String()),
  /** With a chain configured: the agent's session keys revoked on chain (containment). */
  revokedSessions: Type.Optional(Type.Array(Type.String())),
  /** Why its keys could not be revoked (the chain did not answer): the pause stands, retry it. */
  sessionsNotRevoked: Type.Optional(Type.String()),
});
export type AgentPauseReply = Static<typeof AgentPauseReply>;
export const AgentUnpauseBody = Type.Object({ agent: IdString() }, { additionalProperties: false });
/** `unpaused` is false when the seat was not paused. */
export const AgentUnpauseReply = Type.Object({ agent: Type.String(), unpaused: Type.Boolean() });
export type AgentUnpauseReply = Static<typeof AgentUnpauseReply>;
