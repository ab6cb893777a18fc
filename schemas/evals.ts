/**
 * Eval scenarios and blueprints (docs/evals.md): the JSON files an operator
 * writes, checked at load so a typo in a scenario is reported with its path instead of turning
 * into a run that asserts nothing. Unknown properties are refused for the same reason: an
 * assertion misspelled (`notran`) would otherwise pass silently.
 */
import { Type, type Static } from 'typebox';
import { IdString, IdToken } from './text.js';
import { RUN_STATUSES, WAITING_REASONS } from './flows.js';

const Literals = <const T extends readonly string[]>(values: T) => Type.Enum(values as unknown as T[number][]);
const StepIdRef = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
/** What a tool mock or a call count names: a connector route `<connector>.<route>`, an MCP tool
 * `mcp__<server>__<tool>`, or (counts only) a first-party `svc_*` tool or `model`. A key of
 * another shape could never match, so it is refused rather than left to assert nothing. */
const ROUTE = '[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+';
const MCP_TOOL = 'mcp__.+__.+';
const MockedTool = Type.String({ pattern: `^(${ROUTE}|${MCP_TOOL})$` });
const CalledName = Type.String({ pattern: `^(${ROUTE}|${MCP_TOOL}|svc_[A-Za-z0-9_]+|model)$` });
const VerdictSchema = Literals(['ALLOW', 'ESCALATE', 'DENY'] as const);
const strict = { additionalProperties: false } as const;

/** A mocked connector route (or MCP tool) answer: what the connector double returns for it. */
const ToolMock = Type.Object({ result: Type.Object({ ok: Type.Boolean(), body: Type.Optional(Type.Unknown()) }, strict) }, strict);

const ModelMock = Type.Object(
  {
    /** A substring of the interpolated system plus prompt. */
    when: Type.String({ minLength: 1 }),
    reply: Type.String(),
    /** Reusable; without it the mock answers once. */
    always: Type.Optional(Type.Boolean()),
  },
  strict,
);

const PolicyMock = Type.Object(
  {
    /** Target name (from the blueprint) or address → the verdict the policy double reads. */
    targets: Type.Optional(Type.Record(Type.String({ minLength: 1 }), VerdictSchema)),
    /** Targets the blueprint does not admit that a mocked ALLOW may still name (rule 4). */
    admitsUnadmitted: Type.Optional(Type.Array(Type.String({ minLength: 1 }))),
  },
  strict,
);

const GateMock = Type.Object({ outcome: Type.Literal('answered'), optionId: Type.String({ minLength: 1 }) }, strict);

export const ScenarioMocks = Type.Object(
  {
    tools: Type.Optional(Type.Record(MockedTool, ToolMock, strict)),
    model: Type.Optional(Type.Array(ModelMock)),
    policy: Type.Optional(PolicyMock),
    gates: Type.Optional(Type.Record(StepIdRef, GateMock, strict)),
  },
  strict,
);
export type ScenarioMocks = Static<typeof ScenarioMocks>;

/** The eleven assertions; each is checked only when present. */
export const ScenarioExpect = Type.Object(
  {
    status: Type.Optional(Literals(RUN_STATUSES)),
    waiting: Type.Optional(Type.Object({ reason: Literals(WAITING_REASONS), stepId: StepIdRef }, strict)),
    /** These steps happened, in this order; other steps may come between. */
    ran: Type.Optional(Type.Array(StepIdRef)),
    notRan: Type.Optional(Type.Array(StepIdRef)),
    /** Step → the step it routed to; null asserts the run stopped at that step. */
    port: Type.Optional(Type.Record(StepIdRef, Type.Union([StepIdRef, Type.Null()]), strict)),
    verdict: Type.Optional(Type.Record(StepIdRef, VerdictSchema, strict)),
    /** Tool name (or `model`) → exact number of calls. */
    called: Type.Optional(Type.Record(CalledName, Type.Integer({ minimum: 0 }), strict)),
    notCalled: Type.Optional(Type.Array(CalledName)),
    noConnectorCalls: Type.Optional(Type.Boolean()),
    /** true: a human gate was opened and left open; false: none was left open. */
    questionOpen: Type.Optional(Type.Boolean()),
    auditIncludes: Type.Optional(Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }))])),
  },
  strict,
);
export type ScenarioExpect = Static<typeof ScenarioExpect>;

export const Scenario = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' }),
    describe: Type.String({ minLength: 1, maxLength: 2000 }),
    /** A template id, a saved definition id, or `definition:<id>`. */
    flow: IdString({ maxLength: 140 }),
    /** The blueprint id whose crew and targets bind `{{crew.*}}` and `{{target.*}}`. */
    blueprint: Type.Optional(IdString({ maxLength: 128 })),
    /** The seat the run executes as (default `eval-agent`). */
    asAgent: Type.Optional(IdToken({ maxLength: 200 })),
    /** The golden input: a string as it is, anything else as JSON text. */
    input: Type.Optional(Type.Unknown()),
    mocks: Type.Optional(ScenarioMocks),
    expect: ScenarioExpect,
  },
  strict,
);
export type Scenario = Static<typeof Scenario>;

const BlueprintTarget = Type.Object(
  {
    address: Type.String({ minLength: 1, maxLength: 200 }),
    /** Whether the crew's policy admits this target: rule 3's fallback verdict (ALLOW, else ESCALATE). */
    whitelisted: Type.Boolean(),
  },
  strict,
);

export const Blueprint = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_.:-]+$' }),
    /** Free fields a crew template carries (`{{crew.<field>}}`). */
    crew: Type.Record(Type.String({ minLength: 1 }), Type.Unknown()),
    targets: Type.Record(Type.String({ minLength: 1, pattern: '^[A-Za-z0-9_-]+$' }), BlueprintTarget),
  },
  strict,
);
export type Blueprint = Static<typeof Blueprint>;
