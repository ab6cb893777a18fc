/**
 * The environment the process reads, as a TypeBox schema over raw strings. Every variable is
 * checked once at start (runtime/config.ts); no other module reads process.env.
 */
import { Type, type Static } from 'typebox';

const Flag = Type.Union([Type.Literal('0'), Type.Literal('1')]);

export const EnvSchema = Type.Object({
  SVC_ORCH_PORT: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$', description: 'a port number 0-65535' })),
  SVC_ORCH_HOST: Type.Optional(Type.String({ minLength: 1, description: 'an address to bind' })),
  SVC_WORKER_HEALTH_PORT: Type.Optional(Type.String({ pattern: '^[0-9]{1,5}$', description: 'a port number 0-65535' })),
  SVC_ORCH_TOKEN: Type.Optional(Type.String({ minLength: 16, description: 'a bearer token of at least 16 characters' })),
  SVC_IDENTITIES: Type.Optional(Type.String({ description: 'a JSON array of {token, seat, kind: human|agent, workspace?}, inline or a file path' })),
  SVC_ORCH_CORS_ORIGINS: Type.Optional(Type.String({ description: 'comma-separated origins such as https://ops.example.com' })),
  SVC_BODY_LIMIT_BYTES: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'a byte count' })),
  NATS_URL: Type.Optional(Type.String({ pattern: '^(nats|tls|ws|wss)://[^,\\s]+(,(nats|tls|ws|wss)://[^,\\s]+)*$', description: 'nats://host:port, comma-separated for a cluster' })),
  DATABASE_URL: Type.Optional(Type.String({ pattern: '^postgres(ql)?://', description: 'a postgres:// or postgresql:// URL' })),
  DATABASE_SCHEMA: Type.Optional(Type.String({ pattern: '^[a-z_][a-z0-9_]{0,62}$', description: 'a lowercase identifier (a-z, 0-9, _; at most 63 characters)' })),
  SVC_SESSION_KEY: Type.Optional(Type.String({ minLength: 1, description: '32 bytes as 64 hex characters or base64' })),
  LOG_LEVEL: Type.Optional(Type.Union(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)), { description: 'one of fatal, error, warn, info, debug, trace, silent' })),
  SVC_BUS_PREFIX: Type.Optional(Type.String({ pattern: '^[a-z][a-z0-9_]{0,30}$', description: 'a lowercase subject prefix' })),
  SVC_CLOCK_TICK_MS: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'milliseconds per clock window (at least 100)' })),
  SVC_STREAM_REPLICAS: Type.Optional(Type.String({ pattern: '^[1-5]$', description: 'a replica count from 1 to 5' })),
  SVC_ACK_WAIT_MS: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'milliseconds (at least 100)' })),
  SVC_DUPLICATE_WINDOW_MS: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'milliseconds (at least 1000)' })),
  SVC_ROOT_AUTH: Type.Optional(Type.Union([Type.Literal('wallet'), Type.Literal('passkey'), Type.Literal('multisig-passkey')], { description: 'one of wallet, passkey, multisig-passkey' })),
  SVC_ROOT_ADDRESS: Type.Optional(Type.String()),
  SVC_ROOT_PASSKEY_ID: Type.Optional(Type.String()),
  SVC_ROOT_PASSKEY_PUBKEY: Type.Optional(Type.String()),
  SVC_ROOT_PASSKEY_RPID: Type.Optional(Type.String()),
  SVC_ROOT_PASSKEY_ORIGIN: Type.Optional(Type.String()),
  SVC_ROOT_MULTISIG_ADDRESS: Type.Optional(Type.String()),
  SVC_AUTO_EXECUTE: Type.Optional(Flag),
  SVC_MODEL_PROVIDER: Type.Optional(Type.Union([Type.Literal('openai'), Type.Literal('anthropic'), Type.Literal('local')], { description: 'one of openai, anthropic, local' })),
  OPENAI_API_KEY: Type.Optional(Type.String()),
  OPENAI_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s) URL' })),
  ANTHROPIC_API_KEY: Type.Optional(Type.String()),
  SVC_MODEL_PRICES: Type.Optional(Type.String({ description: 'a JSON object {<model-prefix>: {inputPerMTok, outputPerMTok}}, inline or a file path' })),
  SVC_CONNECTORS: Type.Optional(Type.String({ description: 'a JSON array of connectors {id, baseUrl, env?, headers?, routes}, inline or a file path' })),
  SVC_HUMAN_GATE_TTL_MS: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'milliseconds a human gate stays open by default (at least 300000)' })),
  SVC_RETRY_CAP_MS: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'longest wait in milliseconds between two deliveries of a failing command (default 30000, at least 50); an outage is retried at this pace for as long as it lasts' })),
  SVC_FAULTS: Type.Optional(Type.String({ description: 'test only: fault points where the process crashes or fails (runtime/faults.ts); never set in production' })),
  SVC_RUN_LEASE_MS: Type.Optional(Type.String({ pattern: '^[0-9]+$', description: 'milliseconds a worker holds a run lease (at least 1000)' })),
  SVC_MCP_SERVERS: Type.Optional(Type.String({ description: 'a JSON array of MCP server configs {id, transport, url|command, ...}, inline or a file path' })),
  SVC_MCP_REFRESH_MINUTES: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$', description: 'minutes between discovery sweeps (0 disables)' })),
  SVC_MCP_AUDIT_ARGS: Type.Optional(Flag),
  SVC_MCP_HOSTED: Type.Optional(Flag),
  SVC_MCP_ALLOW_HOSTS: Type.Optional(Type.String({ description: 'comma-separated hosts (exact or *.<domain>, optional :<port>)' })),
  SVC_MCP_ALLOW_STDIO: Type.Optional(Flag),
  SVC_MCP_ALLOW_LOOPBACK: Type.Optional(Flag),
  SVC_MCP_ALLOW_ENV: Type.Optional(Type.String({ description: 'comma-separated env var names (NAME or PREFIX_*)' })),
  SVC_ORG: Type.Optional(Type.String({ description: 'a JSON object {<seat>: {crews: [<crew>, ...]}} (nearest crew first), inline or a file path' })),
  SVC_WEBHOOK_TOLERANCE_SEC: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$', description: 'seconds a svc-scheme delivery timestamp may differ from now (at least 1)' })),
  SVC_WEBHOOK_MAX_BYTES: Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: 'a webhook body cap in bytes (at least 1024)' })),
  SVC_PUBSUB_JWKS_URL: Type.Optional(Type.String({ pattern: '^https?://', description: 'an http(s) URL of the pubsub provider key set (JWKS)' })),
  SVC_PUBSUB_ISSUER: Type.Optional(Type.String({ minLength: 1, description: 'the issuer pubsub push tokens must carry' })),
  SVC_EPOCH_CRON: Type.Optional(Type.String({ minLength: 9, description: 'a 5-field UTC cron expression for the epoch schedule' })),
});
export type Env = Static<typeof EnvSchema>;

export type RootAuthKind = 'wallet' | 'passkey' | 'multisig-passkey';
export type ModelProviderName = 'openai' | 'anthropic' | 'local';

/** The validated, frozen configuration passed down from the composition root. */
export interface Config {
  readonly port: number;
  /** undefined binds every interface. */
  readonly host: string | undefined;
  /** `svc worker` answers GET /health here (probes); unset, a worker listens on nothing. */
  readonly workerHealthPort: number | undefined;
  readonly token: string | undefined;
  readonly corsOrigins: readonly string[];
  /** Tokens of seats and workspaces besides the operator's. */
  readonly identities: readonly import('./identity.js').IdentityConfig[];
  readonly bodyLimitBytes: number;
  readonly natsUrl: string | undefined;
  readonly databaseUrl: string | undefined;
  readonly databaseSchema: string | undefined;
  readonly sessionKey: Buffer | undefined;
  readonly logLevel: string;
  /** Subject and stream namespace; `svc` unless a test or a second runtime sets its own. */
  readonly busPrefix: string;
  /** Length of one clock window; one minute in production, shorter only in tests. */
  readonly clockTickMs: number;
  readonly ackWaitMs: number;
  /** The command stream's duplicate window; two minutes in production, shorter only in tests. */
  readonly duplicateWindowMs: number;
  /** JetStream replicas for streams and buckets. */
  readonly streamReplicas: number;
  readonly rootAuth: { readonly kind: RootAuthKind | undefined; readonly configError: string | undefined };
  readonly autoExecute: boolean;
  readonly model: {
    readonly provider: ModelProviderName;
    readonly openaiApiKey: string | undefined;
    readonly openaiBaseUrl: string | undefined;
    readonly anthropicApiKey: string | undefined;
    /** SVC_MODEL_PRICES, dollars per million tokens by model prefix (longest prefix wins). */
    readonly prices: Readonly<Record<string, import('./connectors.js').ModelPrice>>;
  };
  /** SVC_CONNECTORS: external HTTP routes a `tool` step may call as `<connector>.<route>`. */
  readonly connectors: readonly import('./connectors.js').ConnectorConfig[];
  /** Reads the env vars SVC_CONNECTORS names (a frozen copy taken at load; nothing else). A
   * function, so serializing the config never carries a credential. */
  readonly connectorEnv: (name: string) => string | undefined;
  /** SVC_HUMAN_GATE_TTL_MS: a human gate's deadline when its step sets no timeoutMs. */
  readonly humanGateTtlMs: number;
  /** SVC_RUN_LEASE_MS: how long a run's lease lasts unless renewed; a dead worker's runs are taken over after it. */
  readonly runLeaseMs: number;
  /** SVC_RETRY_CAP_MS: the longest wait between two deliveries of a failing command. */
  readonly retryCapMs: number;
  /** SVC_FAULTS (test only): where this process crashes or fails on purpose. */
  readonly faults: import('../runtime/faults.js').Faults;
  /** SVC_MCP_*: attached MCP servers (spec 000). */
  readonly mcp: import('./mcp.js').McpSettings;
  /** SVC_ORG: crews above each seat, nearest first (the declared org when no chain is configured). */
  readonly org: Readonly<import('./mcp.js').OrgConfig>;
  /** SVC_WEBHOOK_*, SVC_PUBSUB_*, SVC_EPOCH_CRON: the trigger layer (spec 001 triggers). */
  readonly triggers: import('./triggers.js').TriggerSettings;
  /** Reads one environment variable at the moment it is needed (MCP bearer tokens, stdio child
   * env). Injected by the composition root; config is the only module that touches process.env. */
  readonly readEnv: (name: string) => string | undefined;
}
