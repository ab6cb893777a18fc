/**
 * A flow definition: the JSON a visual builder and a code-first SDK both write. Property names
 * the spec leaves open are fixed here once: the step list is `steps`, the discriminator `kind`,
 * edges are step ids (`null` stops the run).
 */
import { Type, type Static, type TSchema } from 'typebox';
import { ID_PATTERN, IdString } from './text.js';

const StepId = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** An edge: the id of the step to go to, or null to stop. */
const Edge = Type.Union([StepId, Type.Null()]);
/** The longest template (a prompt, a string argument) a step may hold. */
export const MAX_TEMPLATE = 20_000;
const Template = Type.String({ maxLength: MAX_TEMPLATE });

function step<K extends string, P extends Record<string, TSchema>>(kind: K, props: P) {
  return Type.Object(
    {
      id: StepId,
      kind: Type.Literal(kind),
      title: Type.Optional(Type.String({ maxLength: 200 })),
      ...props,
    },
    { additionalProperties: false },
  );
}

const Verdicts = { onAllow: Type.Optional(Edge), onEscalate: Type.Optional(Edge), onDeny: Type.Optional(Edge) };
/** On a side-effecting step: a claim about the far side that a retry after a crash inside the
 * call is safe: it opts into a retry after an open attempt, and nothing can check it. */
const Idempotent = { idempotent: Type.Optional(Type.Boolean()) };
const Params = Type.Optional(Type.Record(Type.String(), Template));

export const ModelStep = step('model', {
  prompt: Template,
  system: Type.Optional(Template),
  model: Type.Optional(Type.String()),
  next: Type.Optional(Edge),
});
/** An `mcp__*` tool's argument: any JSON value, checked against the tool's inputSchema at the call. */
const ToolArg = Type.Unknown({
  description:
    'a string (interpolated) for svc_* and <connector>.<route> tools; any JSON value for mcp__* tools, every string inside it interpolated',
});
export const ToolStep = step('tool', {
  /** `svc_*`, `<connector>.<route>` or `mcp__<server>__<tool>`. */
  tool: IdString(),
  /** Strings for `svc_*` and connector routes (validate.ts holds them to `Template`); JSON for `mcp__*`. */
  args: Type.Optional(Type.Record(Type.String(), ToolArg)),
  ...Idempotent,
  next: Type.Optional(Edge),
});
export const GateStep = step('gate', {
  /** Spend value in base units of the asset, as a string (interpolation allowed). */
  value: Template,
  target: Type.Optional(Template),
  asset: Type.Optional(Type.String()),
  ...Idempotent,
  ...Verdicts,
});
export const BranchStep = step('branch', {
  /** The value tested, usually a reference such as `{{steps.fetch.json.count}}`. */
  input: Template,
  op: Type.Enum(['eq', 'ne', 'contains', 'gt', 'gte', 'lt', 'lte', 'truthy', 'matches']),
  /** Compared as a number when both sides parse as numbers (gt/gte/lt/lte always do). */
  value: Type.Optional(Type.Union([Type.String(), Type.Number()])),
  onTrue: Type.Optional(Edge),
  onFalse: Type.Optional(Edge),
});
export const SwitchStep = step('switch', {
  input: Template,
  cases: Type.Array(Type.Object({ equals: Type.String(), port: Edge }, { additionalProperties: false }), { minItems: 1 }),
  onDefault: Type.Optional(Edge),
});
export const AgentStep = step('agent', {
  /** The delegate seat; the child run executes under its own principal. */
  agent: IdString(),
  prompt: Type.Optional(Template),
  flowId: Type.Optional(IdString()),
  next: Type.Optional(Edge),
});
export const OrgStep = step('org', {
  action: Type.Enum(['hire', 'fire', 'reparent', 'activate', 'deactivate', 'set-cap', 'set-whitelist', 'set-policy']),
  node: Type.Optional(Template),
  params: Params,
  ...Idempotent,
  ...Verdicts,
});
export const BudgetStep = step('budget', {
  action: Type.Enum(['raise-grant', 'stream-allowance', 'run-epoch']),
  params: Params,
  ...Idempotent,
  ...Verdicts,
});
export const GovernanceStep = step('governance', {
  action: Type.Enum(['propose', 'vote', 'veto', 'execute']),
  proposal: Type.Optional(Template),
  params: Params,
  ...Idempotent,
  next: Type.Optional(Edge),
});
export const HumanOption = Type.Object(
  { id: StepId, label: Type.String({ minLength: 1, maxLength: 200 }), port: Edge },
  { additionalProperties: false },
);
export const HumanStep = step('human', {
  prompt: Template,
  options: Type.Array(HumanOption, { minItems: 1, maxItems: 20 }),
  /** At least 5 minutes; default SVC_HUMAN_GATE_TTL_MS (one day). */
  timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
  timeoutPort: Type.Optional(Edge),
  /** One token: seat id, 0x address or one-word handle, optionally `seat:<id>`; interpolation allowed. */
  assignee: Type.Optional(Type.String({ maxLength: 200, pattern: ID_PATTERN })),
});
export const WaitStep = step('wait', {
  for: Type.Union([Type.Literal('human'), Type.Literal('webhook')]),
  /** `for: webhook` only: the correlation key a releaser trigger's delivery must carry
   * (interpolated, e.g. `{{input.orderId}}`). Without one, only a resume releases the wait. */
  key: Type.Optional(Type.String({ minLength: 1, maxLength: 500 })),
  /** How long the wait stays parked; then the run takes `timeoutPort`, or fails closed without one. */
  timeoutMs: Type.Optional(Type.Integer({ minimum: 1 })),
  timeoutPort: Type.Optional(Edge),
  next: Type.Optional(Edge),
});

export const Step = Type.Union([
  ModelStep,
  ToolStep,
  GateStep,
  BranchStep,
  SwitchStep,
  AgentStep,
  OrgStep,
  BudgetStep,
  GovernanceStep,
  HumanStep,
  WaitStep,
]);
export type Step = Static<typeof Step>;
export type StepKind = Step['kind'];
export const STEP_KINDS: readonly StepKind[] = [
  'model',
  'tool',
  'gate',
  'branch',
  'switch',
  'agent',
  'org',
  'budget',
  'governance',
  'human',
  'wait',
];

export const FlowScope = Type.Object(
  {
    level: Type.Union([Type.Literal('org'), Type.Literal('team'), Type.Literal('agent')]),
    ref: Type.Optional(IdString()),
  },
  { additionalProperties: false },
);
export type FlowScope = Static<typeof FlowScope>;

export const Flow = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
    trigger: Type.Optional(Type.Union([Type.Literal('manual'), Type.Literal('epoch'), Type.Literal('cron'), Type.Literal('webhook')])),
    /** 5-field UTC cron expression, with `trigger: cron`. */
    schedule: Type.Optional(Type.String()),
    scope: Type.Optional(FlowScope),
    steps: Type.Array(Step, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false, $id: 'Flow' },
);
export type Flow = Static<typeof Flow>;
