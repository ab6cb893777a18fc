/**
 * Every event svc publishes, with the TypeBox schema of its `data`: the one source of the type
 * `emit` and `audit.record` take, of the check tests run on every published event
 * (SVC_VALIDATE_EVENTS), and of the AsyncAPI document (gateway/asyncapi.ts). Each is published on
 * `<prefix>.evt.<Type>`; an audit event is also stored as an audit row, while run progress and
 * clock events are published only.
 *
 * The objects are closed (`additionalProperties: false`): operators tail these events as an
 * interface, so a field added in code without its schema fails the check instead of drifting.
 */
import { Type, type Static, type TSchema } from 'typebox';
import { RUN_STATUSES, WAITING_REASONS } from './flows.js';

const Closed = <P extends Parameters<typeof Type.Object>[0]>(props: P, description: string) =>
  Type.Object(props, { additionalProperties: false, description });
const Literals = <const T extends readonly string[]>(values: T) => Type.Enum(values as unknown as T[number][]);
const Opt = Type.Optional;
const Str = () => Type.String();
const NullableStr = () => Type.Union([Type.String(), Type.Null()]);
/** An ISO 8601 instant. */
const Instant = () => Type.String({ format: 'date-time' });
/** Who changed something: a seat, `operator`, or the process itself (`boot`, `circuit-breaker`). */
const By = () => Type.String({ description: 'the seat (or `operator`, or the process: `boot`, `circuit-breaker`) that made the change' });
/** The workspace an MCP record belongs to; null for the operator's scope. */
const Owner = () => Type.Union([Type.String(), Type.Null()], { description: "the owning workspace; null for the operator's scope" });
const RunParent = () => Type.Object({ runId: Str(), stepId: Str() }, { additionalProperties: false });
const McpScope = () =>
  Type.Union([Type.Null(), Type.Object({ level: Type.Union([Type.Literal('agent'), Type.Literal('crew')]), ref: Str() })]);
/** The on-chain gate context a spend carried: the run step, or the agent loop's tick. */
const SpendContext = {
  runId: Opt(Str()),
  stepId: Opt(Str()),
  tickId: Opt(Str()),
  recovered: Opt(Type.Literal(true)),
};
const Spend = {
  txHash: Str(),
  sessionId: NullableStr(),
  value: Type.String({ description: 'base units, decimal' }),
  target: Str(),
  asset: Str(),
  agent: Str(),
  ...SpendContext,
};
const Transfer = {
  amount: Type.String({ description: 'base units, decimal' }),
  token: Str(),
  symbol: Str(),
  decimals: Type.Integer(),
  treasury: Str(),
  txHash: Str(),
  time: Instant(),
  block: Type.String({ description: 'block number, decimal' }),
  logIndex: Type.Integer(),
};
const GateRef = { runId: Str(), stepId: Str(), questionId: Str() };

export const EVENT_DATA = {
  // Attached MCP servers.
  ExternalMcpCalled: Closed(
    {
      server: Str(),
      tool: Str(),
      seat: Str(),
      owner: Owner(),
      effect: Type.Union([Type.Literal('read'), Type.Literal('write'), Type.Null()]),
      mode: NullableStr(),
      askSurface: Type.Boolean(),
      outcome: Literals(['ok', 'tool_error', 'refused', 'failed', 'ask_required'] as const),
      wentOut: Type.Boolean({ description: 'whether the call reached the server' }),
      durationMs: Type.Number(),
      argumentKeys: Opt(Type.Array(Str(), { description: 'with SVC_MCP_AUDIT_ARGS=1: the argument names, never their values' })),
      approvedQuestionId: Opt(Str()),
      isError: Opt(Type.Boolean()),
      error: Opt(Type.String({ description: 'the error code of a refused or failed call' })),
      /** Absent for a tool call; otherwise what was read, got or completed (`tool` is then its URI or name). */
      kind: Opt(Literals(['resource', 'prompt', 'completion'] as const)),
    },
    'One call of an external MCP tool, whatever its outcome.',
  ),
  ExternalMcpDiscovered: Closed(
    {
      server: Str(),
      owner: Owner(),
      trigger: Literals(['boot', 'attach', 'refresh', 'sweep'] as const),
      ok: Type.Boolean(),
      error: Opt(Str()),
      added: Type.Array(Str()),
      removed: Type.Array(Str()),
      unchangedCount: Opt(Type.Integer()),
      window: Opt(Type.Integer()),
    },
    "A server's tool list read: the tools added (recorded blocked) and removed.",
  ),
  ExternalMcpToolPolicyChanged: Closed(
    {
      server: Str(),
      owner: Owner(),
      tool: Str(),
      /** Absent for a tool rule. */
      kind: Opt(Literals(['resource', 'prompt'] as const)),
      scope: McpScope(),
      change: Literals(['allowed', 'disabled', 'cleared', 'unchanged', 'revoked_on_discovery', 'definition_approved'] as const),
      enabled: Opt(Type.Union([Type.Boolean(), Type.Null()])),
      effect: Opt(NullableStr()),
      mode: Opt(NullableStr()),
      hash: Opt(Type.String({ description: 'definition_approved: the hash now approved' })),
      previousHash: Opt(Type.String({ description: 'definition_approved: the hash approved before' })),
      by: Opt(By()),
    },
    "A tool's allow rule set, cleared, or revoked because discovery found a new tool under its name, or its changed definition approved.",
  ),
  ExternalMcpToolDrifted: Closed(
    {
      server: Str(),
      owner: Owner(),
      tool: Str(),
      oldHash: Type.String({ description: 'the hash of the definition seen before this discovery' }),
      newHash: Type.String({ description: 'the hash of the definition the server publishes now' }),
      approvedHash: Type.String({ description: 'the hash an operator admitted; calls are refused until the new one is approved' }),
      trigger: Literals(['boot', 'attach', 'refresh', 'sweep'] as const),
      window: Opt(Type.Integer()),
    },
    "An allowed tool's definition changed after it was approved (or changed again while quarantined): refused until approved again.",
  ),
  ExternalMcpServerChange: Closed(
    {
      server: Str(),
      owner: Owner(),
      change: Literals(['attached', 'replaced', 'detached', 'attach_refused', 'boot_refused', 'not_restored'] as const),
      rule: Opt(Type.Union([Type.String({ description: 'the egress rule that refused it' }), Type.Null()])),
      transport: Opt(Str()),
      url: Opt(NullableStr()),
      rulesKept: Opt(Type.Integer()),
      by: By(),
    },
    'An MCP server attached, replaced, detached, or refused.',
  ),
  ExternalMcpSecretChanged: Closed(
    {
      ref: Str(),
      owner: Owner(),
      last4: Type.String({ description: 'the last four characters; the value never travels' }),
      change: Literals(['stored', 'replaced', 'cleared'] as const),
      by: By(),
    },
    'An MCP secret stored, replaced or cleared.',
  ),
  // Flows and runs.
  FlowSaved: Closed(
    {
      flowId: Str(),
      trigger: Str(),
      scope: Type.Object({ level: Str(), ref: Opt(Str()) }),
      steps: Type.Integer(),
      savedBy: Str(),
    },
    'A flow definition saved.',
  ),
  FlowRun: Closed(
    {
      runId: Str(),
      flowId: Str(),
      principal: Str(),
      trigger: Str(),
      status: Literals(RUN_STATUSES),
      steps: Type.Integer({ description: 'steps traced so far' }),
      waiting: Opt(Type.Object({ reason: Literals(WAITING_REASONS), stepId: Str(), token: Opt(Str()) }, { additionalProperties: false })),
      error: Opt(Type.Object({ code: Str(), message: Str() }, { additionalProperties: false })),
      parent: Opt(RunParent()),
    },
    'A run started (`status: running`), parked or ended: one per start and one per stop.',
  ),
  FlowRunLifecycle: Closed(
    {
      runId: Str(),
      action: Literals(['pause', 'resume', 'cancel'] as const),
      by: Opt(By()),
      reason: Opt(Str()),
    },
    'A run paused, resumed or cancelled by a person.',
  ),
  RunProgress: Closed(
    {
      runId: Str(),
      flowId: Str(),
      seq: Type.Integer({ description: "the step's place in the run's trace" }),
      stepId: Str(),
      kind: Str(),
      status: Literals(['done', 'parked', 'failed', 'resumed'] as const),
      summary: Str(),
      port: Opt(NullableStr()),
      verdict: Opt(Str()),
    },
    'One step of a run traced (published only, never stored as audit).',
  ),
  FlowEvalRun: Closed(
    {
      ok: Type.Boolean(),
      matched: Type.Integer(),
      passed: Type.Integer(),
      failed: Type.Integer(),
      uncovered: Type.Integer(),
      durationMs: Type.Integer(),
    },
    'An eval run through the API.',
  ),
  // Webhook triggers.
  WebhookTriggerChanged: Closed(
    {
      triggerId: Str(),
      flowId: Str(),
      change: Literals(['created', 'rotated', 'enabled', 'disabled', 'deleted'] as const),
      scheme: Opt(Str()),
      principal: Opt(Str()),
      secretVersion: Opt(Type.Integer()),
      by: By(),
    },
    'A webhook trigger created, its secret rotated, enabled, disabled or deleted (the secret never travels).',
  ),
  WebhookDelivery: Closed(
    {
      triggerId: Str(),
      flowId: Opt(Str()),
      runId: Opt(Str()),
      release: Opt(Type.Literal(true, { description: "the delivery released (or is kept for) a run's wait" })),
      deliveryKey: Str(),
      bytes: Type.Integer(),
      eventType: Opt(Str()),
    },
    'A webhook delivery accepted.',
  ),
  // Human gates.
  HumanGateOpened: Closed(
    {
      ...GateRef,
      purpose: Literals(['human_gate', 'connector_ask'] as const),
      principal: Str(),
      thread: Str(),
      assignee: NullableStr(),
      deadlineAt: Instant(),
    },
    'A question asked of a person.',
  ),
  HumanGateResolved: Closed(
    {
      ...GateRef,
      optionId: Str(),
      answeredBy: Str(),
      messageId: Opt(Type.String({ description: 'the answering message; absent for an answer an eval scripts' })),
    },
    'A question answered with an option.',
  ),
  HumanGateTimedOut: Closed(
    { ...GateRef, purpose: Literals(['human_gate', 'connector_ask'] as const), deadlineAt: Instant() },
    'A question left unanswered past its deadline.',
  ),
  HumanGateUnresolved: Closed(
    { ...GateRef, reason: Literals(['agent_reply', 'assignee_mismatch'] as const), author: Str(), messageId: Str() },
    'A reply that did not answer a question (an agent, or a person who is not its assignee).',
  ),
  // Heartbeats.
  CrewHeartbeatChanged: Closed(
    {
      crewId: Str(),
      change: Literals(['created', 'edited', 'enabled', 'disabled', 'removed'] as const),
      by: By(),
      schedule: Opt(Str()),
      timezone: Opt(Str()),
      items: Opt(Type.Integer()),
      enabled: Opt(Type.Boolean()),
      reason: Opt(Type.String({ description: 'why the circuit breaker disabled it' })),
    },
    "A crew's heartbeat created, edited, enabled, disabled or removed.",
  ),
  CrewHeartbeat: Closed(
    {
      crewId: Str(),
      tickId: Str(),
      window: Instant(),
      kind: Literals(['scheduled', 'manual'] as const),
      status: Literals(['ran', 'failed', 'stopped'] as const),
      itemsRun: Type.Integer(),
      needsPerson: Type.Integer(),
      runs: Type.Array(Str()),
    },
    'One heartbeat tick worked its checklist.',
  ),
  // Inference budgets.
  InferenceBudgetChanged: Closed(
    {
      crew: Str(),
      change: Literals(['set', 'reset', 'removed'] as const),
      by: By(),
      limitMicroDollars: Opt(Type.Number()),
      enforcement: Opt(Literals(['soft', 'hard'] as const)),
    },
    'An inference budget set, its counters reset, or removed.',
  ),
  InferenceBudgetExceeded: Closed(
    {
      crew: Str(),
      enforcement: Literals(['soft', 'hard'] as const),
      limitMicroDollars: Type.Number(),
      spentMicroDollars: Type.Number(),
      seat: Str(),
      runId: Opt(Str()),
      stepId: Opt(Str()),
    },
    'Spend reached an inference budget: a soft budget warns (once per crossing); a hard one stops admitting calls.',
  ),
  InferenceBudgetRefused: Closed(
    {
      crew: Str(),
      limitMicroDollars: Type.Number(),
      spentMicroDollars: Type.Number(),
      seat: Str(),
      model: Str(),
      runId: Opt(Str()),
      stepId: Opt(Str()),
    },
    'A model call refused by a hard inference budget before the provider was asked.',
  ),
  // Plan-required mode.
  PlanRequiredRefused: Closed(
    {
      runId: Str(),
      stepId: Str(),
      principal: Str(),
      kind: Str(),
      mode: Literals(['spends_only', 'side_effects'] as const),
    },
    'A step refused by plan-required mode: its principal had posted no plan in its thread within the window.',
  ),
  // The treasury indexer.
  TreasuryDeposit: Closed({ from: Str(), ...Transfer }, 'A transfer into a treasury.'),
  TreasuryOutflow: Closed({ to: Str(), ...Transfer }, 'A transfer out of a treasury.'),
  TreasuryTheftSuspected: Closed({ to: Str(), ...Transfer, reason: Str() }, 'An outflow no spend the gate allowed accounts for.'),
  // The chain's gate.
  IntentResolved: Closed(
    {
      asset: Str(),
      intentId: Str(),
      approved: Type.Boolean(),
      outcome: Str(),
      approver: Str(),
      authorizedBy: Literals(['approver', 'unauthenticated', 'root:passkey', 'root:wallet', 'root:multisig-passkey'] as const),
      awaitingApprover: Opt(Str()),
      reason: Opt(Type.Literal('policy_deny')),
      txHash: Str(),
    },
    'An escalated spend intent approved, rejected, or passed up to the next approver.',
  ),
  SessionIssued: Closed(
    {
      sessionId: Str(),
      agent: Str(),
      key: Type.String({ description: "the session key's address (never the key)" }),
      maxValue: Str(),
      scopeMask: Type.Integer(),
      targets: Type.Array(Str()),
      expiresAt: Instant(),
      issuedBy: Str(),
      txHash: Str(),
    },
    'A session key issued to an agent on chain.',
  ),
  SessionRevoked: Closed(
    { sessionId: Str(), agent: Str(), key: Str(), authorizedBy: Str(), txHash: Str() },
    'A session key revoked on chain.',
  ),
  ActionExecuted: Closed(Spend, 'A spend the gate allowed, paid on chain.'),
  IntentCreated: Closed({ ...Spend, intentId: Str(), approver: Str() }, 'A spend the gate escalated: an intent awaits its approver.'),
  // The bus.
  CommandDeadLettered: Closed(
    {
      id: Str(),
      subject: Str(),
      actor: Str(),
      verb: Str(),
      msgId: Str(),
      deliveries: Type.Integer({ minimum: 1 }),
      error: Type.Object({ error: Str(), message: Str() }),
    },
    'A command the bus ended, kept on the dead-letter stream.',
  ),
  ClockMinute: Closed(
    { window: Type.Integer(), at: Instant(), worker: Str() },
    'A clock window claimed by one worker (published only, never stored as audit).',
  ),
} as const satisfies Record<string, TSchema>;

export type EventDataSchemas = typeof EVENT_DATA;
export type EventType = keyof EventDataSchemas;
/** The `data` of an event of type T. */
export type EventData<T extends EventType> = Static<EventDataSchemas[T]>;

/** Published for operators to watch, never stored as audit. */
export const PROGRESS_EVENTS = ['ClockMinute', 'RunProgress'] as const satisfies readonly EventType[];
export type ProgressEventType = (typeof PROGRESS_EVENTS)[number];

/** Every event also stored as an audit row (what /usage counts). */
export type AuditEventType = Exclude<EventType, ProgressEventType>;
export const AUDIT_EVENTS = (Object.keys(EVENT_DATA) as EventType[]).filter(
  (t): t is AuditEventType => !(PROGRESS_EVENTS as readonly string[]).includes(t),
);

export const EVENT_TYPES = Object.keys(EVENT_DATA) as EventType[];

export function isEventType(s: string): s is EventType {
  return Object.hasOwn(EVENT_DATA, s);
}

/** An audit event as written: its type and its data, typed together. */
export type TypedEvent<U extends EventType = EventType> = { [T in U]: { type: T; data: EventData<T> } }[U];
