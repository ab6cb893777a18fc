/**
 * Attached MCP servers: the server config, tool rules, discovery results, listings,
 * calls and sealed-secret bodies. The gateway validates HTTP bodies with these and the `mcp`
 * actor reads the same types from the bus, so nothing is declared twice.
 */
import { Type, type Static } from 'typebox';
import { IdString, IdToken } from './text.js';
import { Caller } from './caller.js';

/** Lowercase letters, digits and single hyphens: never `__`, so `mcp__<server>__<tool>` parses one way. */
export const McpServerId = Type.String({
  pattern: '^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$',
  description: 'server id: lowercase letters, digits and hyphens',
});
export const EnvVarName = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,127}$' });
export const SecretRef = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$',
  description: 'a secret reference (letters, digits, . _ -)',
});
export const ToolName = IdString({ maxLength: 128 });
/** A seat named for a call or a listing (`as`). */
const Seat = IdToken({ maxLength: 200 });

export const McpAuth = Type.Union([
  Type.Object({ kind: Type.Literal('bearer'), tokenEnv: EnvVarName }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('secret'), secretRef: SecretRef }, { additionalProperties: false }),
  /**
   * OAuth 2.1 (authorization code with PKCE, resource indicator): a pre-registered client (`clientId`,
   * its secret by reference) or, without `clientId`, dynamic registration. The grant comes from
   * `POST /mcp/servers/:id/login` and is kept sealed in the server's owner scope.
   */
  Type.Object(
    {
      kind: Type.Literal('oauth'),
      clientId: Type.Optional(Type.String({ minLength: 1, maxLength: 512 })),
      clientSecretRef: Type.Optional(SecretRef),
      scope: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    },
    { additionalProperties: false },
  ),
]);
export type McpAuth = Static<typeof McpAuth>;

export const McpServerConfig = Type.Object(
  {
    id: McpServerId,
    title: Type.Optional(Type.String({ maxLength: 200 })),
    transport: Type.Union([Type.Literal('http'), Type.Literal('stdio')]),
    url: Type.Optional(Type.String({ minLength: 1, maxLength: 2048 })),
    auth: Type.Optional(McpAuth),
    timeoutMs: Type.Optional(Type.Integer({ minimum: 1, maximum: 300_000 })),
    maxResponseBytes: Type.Optional(Type.Integer({ minimum: 1, maximum: 64 * 1024 * 1024 })),
    /** Calls to this server in flight at once in one process (default 8); more wait, within timeoutMs. */
    maxConcurrency: Type.Optional(Type.Integer({ minimum: 1, maximum: 1024 })),
    command: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
    args: Type.Optional(Type.Array(Type.String({ maxLength: 4096 }), { maxItems: 256 })),
    env: Type.Optional(Type.Array(EnvVarName, { maxItems: 128 })),
  },
  { additionalProperties: false },
);
export type McpServerConfig = Static<typeof McpServerConfig>;
export const McpServersConfig = Type.Array(McpServerConfig);

export const DEFAULT_TIMEOUT_MS = 30_000;
/** Bound on a bus round trip to the mcp actor: the slowest server timeout (300 s) plus margin,
 * so a caller (a route or a flow's tool step) never gives up on a call still running. */
export const MCP_CALL_TIMEOUT_MS = 310_000;
export const DEFAULT_MAX_RESPONSE_BYTES = 1024 * 1024;
export const DEFAULT_MAX_CONCURRENCY = 8;

export const Effect = Type.Union([Type.Literal('read'), Type.Literal('write')]);
export type Effect = Static<typeof Effect>;
export const Mode = Type.Union([Type.Literal('auto'), Type.Literal('ask'), Type.Literal('deny')]);
export type Mode = Static<typeof Mode>;

export const RuleScope = Type.Object(
  {
    level: Type.Union([Type.Literal('agent'), Type.Literal('crew')]),
    ref: IdToken({ maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type RuleScope = Static<typeof RuleScope>;

/** What a rule admits or refuses: a tool (the default), a resource (by URI or URI template) or a prompt. */
export const RuleKind = Type.Union([Type.Literal('tool'), Type.Literal('resource'), Type.Literal('prompt')]);
export type RuleKind = Static<typeof RuleKind>;

export const ToolRule = Type.Object(
  {
    scope: Type.Optional(RuleScope),
    server: McpServerId,
    /** Omitted: `tool`. */
    kind: Type.Optional(RuleKind),
    /** The tool's or prompt's name, the resource's URI or URI template, or `*`. */
    tool: IdString({ maxLength: 240 }),
    enabled: Type.Optional(Type.Boolean()),
    effect: Type.Optional(Effect),
    mode: Type.Optional(Mode),
  },
  { additionalProperties: false },
);
export type ToolRule = Static<typeof ToolRule>;

export const RuleChange = Type.Object({
  change: Type.Union([Type.Literal('set'), Type.Literal('cleared'), Type.Literal('unchanged')]),
  rule: ToolRule,
});
export type RuleChange = Static<typeof RuleChange>;

/**
 * A resource (URI or URI template) or prompt some rule names, as one seat sees it: what `/mcp`
 * serves of it. Resources and prompts have no stored catalog, so the listing shows the named ones.
 */
export const GrantState = Type.Object({
  kind: Type.Union([Type.Literal('resource'), Type.Literal('prompt')]),
  name: Type.String(),
  state: Type.Union([Type.Literal('allowed'), Type.Literal('blocked'), Type.Literal('disabled')]),
  decidedBy: Type.Optional(Type.String()),
});
export type GrantState = Static<typeof GrantState>;

export const DiscoveryResult = Type.Object({
  server: Type.String(),
  ok: Type.Boolean(),
  added: Type.Array(Type.String()),
  removed: Type.Array(Type.String()),
  unchanged: Type.Array(Type.String()),
  /** Allowed tools whose definition changed from the approved one at this discovery: refused until approved again. */
  drifted: Type.Optional(Type.Array(Type.String())),
  error: Type.Optional(Type.String()),
});
export type DiscoveryResult = Static<typeof DiscoveryResult>;

export const ToolState = Type.Object({
  name: Type.String(),
  description: Type.Optional(Type.String()),
  /**
   * `allowed`, `blocked` (no rule allows it), `disabled` (a rule pins a refusal) or `drifted` (its
   * definition changed since it was approved: refused until an operator approves the new one).
   */
  state: Type.Union([Type.Literal('allowed'), Type.Literal('blocked'), Type.Literal('disabled'), Type.Literal('drifted')]),
  effect: Effect,
  /** Whether the effect comes from a workspace rule (false: never classified, so a write). */
  classified: Type.Boolean(),
  mode: Type.Optional(Mode),
  /** Which level decided the state: `agent:<seat>`, `crew:<crew>`, `workspace`, or none. */
  decidedBy: Type.Optional(Type.String()),
  /** `sha256:<hex>` of the definition the server published last (absent before its first pin). */
  hash: Type.Optional(Type.String()),
});
export type ToolState = Static<typeof ToolState>;

/** A tool's pinned fields, with the id of the server that published it. */
export const ToolDefinitionView = Type.Object({
  server: Type.String(),
  name: Type.String(),
  title: Type.Optional(Type.String()),
  description: Type.Optional(Type.String()),
  inputSchema: Type.Optional(Type.Unknown()),
  outputSchema: Type.Optional(Type.Unknown()),
  annotations: Type.Optional(Type.Unknown()),
});

export const ToolParams = Type.Object({ id: McpServerId, tool: ToolName }, { additionalProperties: false });
export type ToolParams = Static<typeof ToolParams>;

export const DefinitionDiff = Type.Object({
  server: Type.String(),
  tool: Type.String(),
  /** Refused until approved: the definition changed after the tool was allowed. */
  drifted: Type.Boolean(),
  driftedAt: Type.Union([Type.String(), Type.Null()]),
  approved: Type.Object({ hash: Type.String(), at: Type.String(), by: Type.String(), definition: ToolDefinitionView }),
  seen: Type.Object({ hash: Type.String(), at: Type.String(), definition: ToolDefinitionView }),
  /** The fields that differ; `approved` or `seen` is absent where that side has no such field. */
  changes: Type.Array(Type.Object({ field: Type.String(), approved: Type.Optional(Type.Unknown()), seen: Type.Optional(Type.Unknown()) })),
});
export type DefinitionDiff = Static<typeof DefinitionDiff>;

export const ApproveDefinition = Type.Object(
  {
    /** The seen hash the operator reviewed; refused (409) when the server has published another since. */
    hash: Type.Optional(Type.String({ pattern: '^sha256:[0-9a-f]{64}$' })),
  },
  { additionalProperties: false },
);
export type ApproveDefinition = Static<typeof ApproveDefinition>;

export const ApproveReply = Type.Object({
  server: Type.String(),
  tool: Type.String(),
  change: Type.Union([Type.Literal('approved'), Type.Literal('unchanged')]),
  /** The hash now approved. */
  hash: Type.String(),
});
export type ApproveReply = Static<typeof ApproveReply>;

export const EgressPolicyView = Type.Object({
  mode: Type.Union([Type.Literal('self-host'), Type.Literal('hosted')]),
  stdio: Type.Boolean(),
  /** `null`: any public host; otherwise only these entries. */
  allowHosts: Type.Union([Type.Array(Type.String()), Type.Null()]),
  loopback: Type.Boolean(),
  /** `null`: any name on a runtime attach; otherwise only these names or `PREFIX_*`. */
  allowEnv: Type.Union([Type.Array(Type.String()), Type.Null()]),
  notes: Type.Array(Type.String()),
});
export type EgressPolicyView = Static<typeof EgressPolicyView>;

export const ServerListing = Type.Object({
  id: Type.String(),
  title: Type.Optional(Type.String()),
  transport: Type.Union([Type.Literal('http'), Type.Literal('stdio')]),
  url: Type.Optional(Type.String()),
  origin: Type.Union([Type.Literal('boot'), Type.Literal('runtime')]),
  /** True when the caller's workspace owns it (runtime attach from a workspace token). */
  owned: Type.Boolean(),
  auth: Type.Optional(McpAuth),
  timeoutMs: Type.Integer(),
  maxResponseBytes: Type.Integer(),
  maxConcurrency: Type.Integer(),
  refreshedAt: Type.Union([Type.String(), Type.Null()]),
  tools: Type.Array(ToolState),
  blockedCount: Type.Integer(),
  /** The resources and prompts its rules name (wildcards aside), served on `/mcp` when allowed. */
  grants: Type.Optional(Type.Array(GrantState)),
});
export type ServerListing = Static<typeof ServerListing>;

export const ServersReply = Type.Object({
  seat: Type.Union([Type.String(), Type.Null()]),
  servers: Type.Array(ServerListing),
  egress: EgressPolicyView,
});
export type ServersReply = Static<typeof ServersReply>;

export const AsQuery = Type.Object({ as: Type.Optional(Seat) }, { additionalProperties: false });
export type AsQuery = Static<typeof AsQuery>;

export const ServerRef = Type.Object({ id: McpServerId }, { additionalProperties: false });
export type ServerRef = Static<typeof ServerRef>;

export const AttachReply = Type.Object({
  server: Type.String(),
  replaced: Type.Boolean(),
  discovery: DiscoveryResult,
  tools: Type.Array(ToolState),
});
export type AttachReply = Static<typeof AttachReply>;

export const DetachReply = Type.Object({ server: Type.String(), detached: Type.Literal(true), rulesKept: Type.Integer() });
export type DetachReply = Static<typeof DetachReply>;

export const RefreshReply = Type.Object({ results: Type.Array(DiscoveryResult) });
export type RefreshReply = Static<typeof RefreshReply>;

export const PingResult = Type.Object({
  server: Type.String(),
  reachable: Type.Boolean(),
  toolCount: Type.Union([Type.Integer(), Type.Null()]),
  latencyMs: Type.Number(),
  error: Type.Optional(Type.String()),
});
export type PingResult = Static<typeof PingResult>;

/** MCP tool annotations: hints a client reads to decide, without calling, what a tool may change. */
export const ToolAnnotations = Type.Object(
  {
    readOnlyHint: Type.Optional(Type.Boolean()),
    destructiveHint: Type.Optional(Type.Boolean()),
    idempotentHint: Type.Optional(Type.Boolean()),
    openWorldHint: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ToolAnnotations = Static<typeof ToolAnnotations>;

export const ListedTool = Type.Object({
  name: Type.String(),
  description: Type.Optional(Type.String()),
  kind: Type.Union([Type.Literal('first-party'), Type.Literal('external')]),
  server: Type.Optional(Type.String()),
  tool: Type.Optional(Type.String()),
  effect: Type.Optional(Effect),
  mode: Type.Optional(Mode),
  inputSchema: Type.Optional(Type.Unknown()),
  annotations: ToolAnnotations,
});
export type ListedTool = Static<typeof ListedTool>;

export const ToolsReply = Type.Object({ seat: Type.String(), tools: Type.Array(ListedTool) });
export type ToolsReply = Static<typeof ToolsReply>;

export const CallRequest = Type.Object(
  {
    name: IdString({ maxLength: 300 }),
    arguments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    as: Type.Optional(Seat),
  },
  { additionalProperties: false },
);
export type CallRequest = Static<typeof CallRequest>;

export const CallReply = Type.Object({
  status: Type.Literal('ok'),
  name: Type.String(),
  result: Type.Unknown(),
  untrusted: Type.Boolean(),
  durationMs: Type.Number(),
});
export type CallReply = Static<typeof CallReply>;

/** What `/.well-known/oauth-protected-resource[/mcp]` describes: `/mcp` as the resource, bearer tokens in the header. */
export const ProtectedResourceMetadata = Type.Object(
  {
    resource: Type.String({ description: 'the absolute URL of /mcp as the client reached it' }),
    resource_name: Type.String(),
    bearer_methods_supported: Type.Array(Type.String()),
  },
  { additionalProperties: false },
);
export type ProtectedResourceMetadata = Static<typeof ProtectedResourceMetadata>;

export const SecretEntry = Type.Object({ ref: Type.String(), last4: Type.String(), updatedAt: Type.String() });
export const SecretsReply = Type.Object({ secrets: Type.Array(SecretEntry) });
export type SecretsReply = Static<typeof SecretsReply>;
export const SecretParams = Type.Object({ ref: SecretRef });
export const SecretBody = Type.Object(
  {
    value: Type.String({
      minLength: 8,
      maxLength: 16_384,
      description: 'the credential; at least 8 characters so the last four never reveal it',
    }),
  },
  { additionalProperties: false },
);
export const SecretSetReply = Type.Object({ ref: Type.String(), last4: Type.String(), replaced: Type.Boolean() });
export const SecretClearReply = Type.Object({ ref: Type.String(), cleared: Type.Boolean() });

/** The `mcp.call` bus verb, as the gateway and the flow engine send it. */
export const McpCallCommand = Type.Object({
  name: Type.String(),
  arguments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  /** The seat whose rules apply. */
  seat: Type.String(),
  /** Workspace whose runtime servers are visible; omitted: the operator's scope. */
  workspace: Type.Optional(Type.String()),
  /** True inside a flow run, which can park on a question; false from `/mcp/call`. */
  askSurface: Type.Boolean(),
  /** Set when a human answered yes to the ask for this call. */
  approvedQuestionId: Type.Optional(Type.String()),
  /** The gateway's caller, when a person or an agent asked (not a flow run). */
  caller: Type.Optional(Caller),
});
export type McpCallCommand = Static<typeof McpCallCommand>;

/**
 * `untrusted` is true for every external result, false for a first-party `svc_*` one. A result with
 * `isError: true` is `tool_error`, apart from `ok`, so no caller can take it for a success: `/mcp/call`
 * answers it as an error, a flow step fails on it, `/mcp` hands it on as the tool result it is.
 */
export const McpCallOutcome = Type.Union([
  Type.Object({
    status: Type.Literal('ok'),
    name: Type.String(),
    result: Type.Unknown(),
    untrusted: Type.Boolean(),
    durationMs: Type.Number(),
  }),
  Type.Object({
    status: Type.Literal('tool_error'),
    name: Type.String(),
    server: Type.String(),
    tool: Type.String(),
    /** The result's text content. */
    text: Type.String(),
    result: Type.Unknown(),
    untrusted: Type.Literal(true),
    durationMs: Type.Number(),
  }),
  Type.Object({ status: Type.Literal('ask_required'), server: Type.String(), tool: Type.String() }),
]);
export type McpCallOutcome = Static<typeof McpCallOutcome>;

/** What a tool result says as text: its text blocks, one per line; without any, its structured
 * content as JSON; else nothing. This is an MCP step's `{{steps.<id>.text}}`. */
export function toolResultText(result: unknown): string {
  if (result === null || typeof result !== 'object') return '';
  const r = result as { content?: unknown; structuredContent?: unknown };
  const texts = Array.isArray(r.content)
    ? r.content.filter((c): c is { type: 'text'; text: string } => c?.type === 'text' && typeof c.text === 'string').map((c) => c.text)
    : [];
  if (texts.length > 0) return texts.join('\n');
  return r.structuredContent === undefined ? '' : JSON.stringify(r.structuredContent);
}

/** An SVC_MCP_ALLOW_ENV entry: `NAME` or `PREFIX_*`. */
export const ENV_ENTRY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(?:_\*)?$/;

/** The SVC_MCP_* settings, validated once in runtime/config.ts. */
export interface McpSettings {
  /** SVC_MCP_SERVERS, re-read at every start. */
  readonly servers: readonly McpServerConfig[];
  /** SVC_MCP_REFRESH_MINUTES; 0 disables the sweep. */
  readonly refreshMinutes: number;
  readonly auditArgs: boolean;
  readonly hosted: boolean;
  /** undefined when SVC_MCP_ALLOW_HOSTS is not written. */
  readonly allowHosts: readonly string[] | undefined;
  /** SVC_MCP_ALLOW_STDIO: `1` true, `0` false, unset undefined (the mode decides). */
  readonly allowStdio: boolean | undefined;
  readonly allowLoopback: boolean;
  /** undefined when SVC_MCP_ALLOW_ENV is not written. */
  readonly allowEnv: readonly string[] | undefined;
  /** SVC_MCP_MAX_CONCURRENCY: external calls in flight at once in this process, all servers together. */
  readonly maxConcurrency: number;
}

/**
 * SVC_ORG: the declared org when no chain is configured. For each seat, the crews above it,
 * nearest first, and the skills its directive carries. A seat not listed has a reporting line of just itself and the workspace.
 * With a chain it is the off-chain overlay keyed by a seat's address: skills and a role, never crews.
 */
export const OrgConfig = Type.Record(
  Type.String({ minLength: 1 }),
  Type.Object(
    {
      crews: Type.Array(Type.String({ minLength: 1, pattern: '^[^\\s]+$' }), { maxItems: 64 }),
      /** The seat's directive: the skills (SVC_SKILLS ids) a heartbeat may run as this seat. */
      skills: Type.Optional(Type.Array(Type.String({ minLength: 1, pattern: '^[^\\s]+$' }), { maxItems: 256 })),
      /** The role a chain seat carries on GET /org (`roleId`); the chain itself holds none. */
      role: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: '^[^\\s]+$' })),
    },
    { additionalProperties: false },
  ),
);
export type OrgConfig = Static<typeof OrgConfig>;

/** Associated data of a sealed MCP secret: the envelope opens only in the row (scope, ref) it was written for. */
export function mcpSecretLabel(owner: string, ref: string): string {
  return `mcp-secret:${owner}/${ref}`;
}
