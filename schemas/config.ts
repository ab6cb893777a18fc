/**
 * The environment the process reads, as a TypeBox schema over raw strings. Every variable is
 * checked once at start (runtime/config.ts); no other server module reads process.env. Each variable
 * carries its documentation: the README's configuration table is generated from it
 * (scripts/config-table.ts, `npm run docs:config`), and a test fails when one is undocumented.
 */
import { Type, type Static } from 'typebox';
import { PRIVATE_KEY_PATTERN } from './chain-config.js';

/** What the configuration table says of one variable, and what a bad value is told. A type, not an
 * interface, so it passes as TypeBox options. */
type VariableDoc = {
  /** The "default" column: the value an unset variable stands for, or what leaving it unset means. */
  readonly unset: string;
  /** The "meaning" column (markdown, one line). */
  readonly description: string;
  /** Completes "must be ..." in the one line a bad value stops the process with. */
  readonly mustBe?: string;
};

// Typed so a variable cannot be declared without its documentation.
const doc = (d: VariableDoc): VariableDoc => d;

const flag = (d: VariableDoc) => Type.Union([Type.Literal('0'), Type.Literal('1')], doc(d));
const PORT = 'a port number 0-65535';

export const EnvSchema = Type.Object({
  SVC_ORCH_PORT: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,5}$',
      ...doc({
        unset: '`8788`',
        description: 'HTTP port (`0` picks a free one)',
        mustBe: PORT,
      }),
    }),
  ),
  SVC_ORCH_HOST: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'every interface',
        description: 'narrows the bind address (`127.0.0.1`); without a token the API answers only this machine whatever the bind address',
        mustBe: 'an address to bind',
      }),
    }),
  ),
  SVC_WORKER_HEALTH_PORT: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,5}$',
      ...doc({
        unset: 'no listener',
        description: '`svc worker` only: answers `GET /health` on this port; for probes (`0` picks a free one, logged as `healthUrl`)',
        mustBe: PORT,
      }),
    }),
  ),
  SVC_ORCH_TOKEN: Type.Optional(
    Type.String({
      minLength: 16,
      ...doc({
        unset: 'open to this machine only',
        description: "the operator's bearer token (16+ characters); needed on every route but `GET /health` and `POST /hooks/:triggerId`",
        mustBe: 'a bearer token of at least 16 characters',
      }),
    }),
  ),
  SVC_IDENTITIES: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: 'seat tokens; JSON `[{token, seat, kind: human|agent, workspace?}]`, inline or a file path',
        mustBe: 'a JSON array of {token, seat, kind: human|agent, workspace?}, inline or a file path',
      }),
    ),
  ),
  SVC_ORCH_CORS_ORIGINS: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: 'comma-separated exact origins that get `access-control-allow-origin`; a wildcard is refused',
        mustBe: 'comma-separated origins such as https://ops.example.com',
      }),
    ),
  ),
  SVC_BODY_LIMIT_BYTES: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`1048576`',
        description: 'request body cap (at least 1024); larger is 413 `body_too_large`',
        mustBe: 'a byte count',
      }),
    }),
  ),
  NATS_URL: Type.Optional(
    Type.String({
      pattern: '^(nats|tls|ws|wss)://[^,\\s]+(,(nats|tls|ws|wss)://[^,\\s]+)*$',
      ...doc({
        unset: 'embedded bus',
        description: '`nats://host:port`, comma-separated for a cluster',
        mustBe: 'nats://host:port, comma-separated for a cluster',
      }),
    }),
  ),
  NATS_CREDS: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: 'path to a NATS `.creds` file (user JWT and seed); read again on every reconnect, so a rotated file is picked up',
        mustBe: 'a path to a readable .creds file holding a user JWT and an nkey seed',
      }),
    }),
  ),
  NATS_NKEY_SEED: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: 'a user nkey seed (`SU...`) or the path to a file holding one; a secret: never logged',
        mustBe: 'a user nkey seed (SU...) or the path to a file holding one',
      }),
    }),
  ),
  NATS_TOKEN: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: 'a NATS auth token; a secret: never logged',
        mustBe: 'a token',
      }),
    }),
  ),
  NATS_USER: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: 'NATS user name, with `NATS_PASSWORD`',
        mustBe: 'a user name',
      }),
    }),
  ),
  NATS_PASSWORD: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: "`NATS_USER`'s password; a secret: never logged",
        mustBe: 'a password',
      }),
    }),
  ),
  NATS_TLS_CA: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'system CAs',
        description: 'path to the PEM CA that signed the NATS server certificate; any `NATS_TLS_*` makes TLS required',
        mustBe: 'a path to a readable PEM file',
      }),
    }),
  ),
  NATS_TLS_CERT: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: 'path to a PEM client certificate for NATS (mutual TLS), with `NATS_TLS_KEY`',
        mustBe: 'a path to a readable PEM file',
      }),
    }),
  ),
  NATS_TLS_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: "path to `NATS_TLS_CERT`'s PEM private key",
        mustBe: 'a path to a readable PEM file',
      }),
    }),
  ),
  SVC_EVT_MAX_BYTES: Type.Optional(
    Type.String({
      pattern: '^[0-9]+[KMGT]?B?$',
      ...doc({
        unset: 'no size limit',
        description:
          'the event stream keeps at most this much (`512MB`, `2G`, bytes without a suffix; powers of 1024), dropping the oldest; applied to an existing stream at start',
        mustBe: 'a byte count such as 536870912, 512MB or 2G',
      }),
    }),
  ),
  SVC_EVT_MAX_AGE: Type.Optional(
    Type.String({
      pattern: '^[0-9]+(ms|s|m|h|d)$',
      ...doc({
        unset: '`7d`',
        description: 'how long the event stream keeps an event (`90m`, `12h`, `30d`); applied to an existing stream at start',
        mustBe: 'a duration such as 90m, 12h or 30d',
      }),
    }),
  ),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      ...doc({
        unset: 'embedded store',
        description: '`postgres://` URL',
        mustBe: 'a postgres:// or postgresql:// URL',
      }),
    }),
  ),
  DATABASE_SCHEMA: Type.Optional(
    Type.String({
      pattern: '^[a-z_][a-z0-9_]{0,62}$',
      ...doc({
        unset: '`public`',
        description:
          'schema of the tables and migration journal, created if missing; namespacing, not a security boundary; needs `DATABASE_URL`',
        mustBe: 'a lowercase identifier (a-z, 0-9, _; at most 63 characters)',
      }),
    }),
  ),
  SVC_SESSION_KEY: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: '32 bytes (64 hex characters or base64) sealing stored secrets',
        mustBe: '32 bytes as 64 hex characters or base64',
      }),
    }),
  ),
  LOG_LEVEL: Type.Optional(
    Type.Union(
      ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].map((l) => Type.Literal(l)),
      doc({
        unset: '`info`',
        description: '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`',
        mustBe: 'one of fatal, error, warn, info, debug, trace, silent',
      }),
    ),
  ),
  SVC_BUS_PREFIX: Type.Optional(
    Type.String({
      pattern: '^[a-z][a-z0-9_]{0,30}$',
      ...doc({
        unset: '`svc`',
        description: 'subject and stream namespace (`svc.cmd.>`, `SVC_CMD`): two runtimes can share one NATS',
        mustBe: 'a lowercase subject prefix',
      }),
    }),
  ),
  SVC_CLOCK_TICK_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`60000`',
        description: 'one clock window (at least 100); tests shorten it, production leaves it',
        mustBe: 'milliseconds per clock window (at least 100)',
      }),
    }),
  ),
  SVC_STREAM_REPLICAS: Type.Optional(
    Type.String({
      pattern: '^[1-5]$',
      ...doc({
        unset: '`1`',
        description: 'JetStream replicas of the streams (3 on a 3-node cluster)',
        mustBe: 'a replica count from 1 to 5',
      }),
    }),
  ),
  SVC_ACK_WAIT_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`30000`',
        description: 'how long a worker may hold a command unacked before it is redelivered elsewhere',
        mustBe: 'milliseconds (at least 100)',
      }),
    }),
  ),
  SVC_DUPLICATE_WINDOW_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`120000`',
        description: "the command stream's duplicate window (at least 1000); tests shorten it, production leaves it",
        mustBe: 'milliseconds (at least 1000)',
      }),
    }),
  ),
  SVC_ROOT_AUTH: Type.Optional(
    Type.Union(
      [Type.Literal('wallet'), Type.Literal('passkey'), Type.Literal('multisig-passkey')],
      doc({
        unset: 'none',
        description:
          '`wallet`, `passkey` or `multisig-passkey`; root-depth approvals, session revoke and rotate then need a root proof; a missing or unparsable setting below shows as `/health` `rootAuth.configError` and gated routes refuse (501)',
        mustBe: 'one of wallet, passkey, multisig-passkey',
      }),
    ),
  ),
  SVC_ROOT_ADDRESS: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: "`wallet`: the root's address; must be the registry's root",
      }),
    ),
  ),
  SVC_ROOT_PASSKEY_ID: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: '`passkey`, `multisig-passkey`: the credential id, base64url',
      }),
    ),
  ),
  SVC_ROOT_PASSKEY_PUBKEY: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description:
          '`passkey`, `multisig-passkey`: its public key, a P-256 COSE_Key in base64url (`svc root passkey-dev keygen` prints one)',
      }),
    ),
  ),
  SVC_ROOT_PASSKEY_RPID: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: '`passkey`, `multisig-passkey`: its relying party id (a host name)',
      }),
    ),
  ),
  SVC_ROOT_PASSKEY_ORIGIN: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: '`passkey`, `multisig-passkey`: the origin its assertions carry, scheme://host[:port]',
      }),
    ),
  ),
  SVC_ROOT_MULTISIG_ADDRESS: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description:
          "`multisig-passkey`: the multisig's address (a Safe owned 1-of-1 by the passkey's WebAuthn signer; the registry's root)",
      }),
    ),
  ),
  SVC_ROOT_APPROVAL_RELAYER: Type.Optional(
    Type.String({
      pattern: PRIVATE_KEY_PATTERN,
      ...doc({
        unset: 'none: multisig approvals are answered unsigned (409)',
        description:
          '`multisig-passkey`: a funded key that only pays for broadcasting the multisig transaction (it authorizes nothing); 32-byte hex, never logged or returned',
        mustBe: 'a private key: 32 bytes as 64 hex characters, 0x optional',
      }),
    }),
  ),
  SVC_ROOT_APPROVAL_RELAY_CHAINS: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,12}(,[0-9]{1,12})*$',
      ...doc({
        unset: 'none: the relayer spends on no chain',
        description: 'chain ids the approval relayer may spend gas on, comma-separated; no default',
        mustBe: 'chain ids, comma-separated',
      }),
    }),
  ),
  SVC_AUTO_EXECUTE: Type.Optional(
    flag({
      unset: '`0`',
      description:
        '`1` executes cleared governance proposals on the minute sweep; once across replicas (a claim per proposal in the store), never finalizing a defeated ballot, in a process that runs the clock with a chain and the orchestrator key (`/health` `governance.autoExecute` says whether this one does)',
    }),
  ),
  SVC_PLAN_REQUIRED: Type.Optional(
    // Read as any string: an unreadable value turns the mode off (it fails open) and says so,
    // instead of stopping the process like every other bad setting.
    Type.String(
      doc({
        unset: 'off',
        description:
          '`spends_only` or `side_effects`; a spend (or any side-effecting step) is refused with `plan_required` unless its principal posted a `plan` message in its own thread within the window; approves nothing; an unreadable value fails open (logged at boot, `planRequired.configError` in /health)',
      }),
    ),
  ),
  SVC_PLAN_REQUIRED_WINDOW_MIN: Type.Optional(
    Type.String(
      doc({
        unset: '`30`',
        description: 'minutes a plan stays current; 1-10080; an unreadable value fails the mode open',
      }),
    ),
  ),
  SVC_CHANNEL_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      ...doc({
        unset: 'from `SVC_SESSION_KEY`',
        description:
          'signs chat reply targets; a reply relayed from a chat bridge (`POST /messages/chat`) answers only the question its target names; with neither this nor `SVC_SESSION_KEY` every chat reply is refused',
        mustBe: 'at least 32 characters',
      }),
    }),
  ),
  SVC_MODEL_PROVIDER: Type.Optional(
    Type.Union(
      [Type.Literal('openai'), Type.Literal('anthropic'), Type.Literal('local')],
      doc({
        unset: 'first configured below, else `local`',
        description: '`openai`, `anthropic` or `local`',
        mustBe: 'one of openai, anthropic, local',
      }),
    ),
  ),
  OPENAI_API_KEY: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: 'OpenAI key',
      }),
    ),
  ),
  OPENAI_BASE_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      ...doc({
        unset: '`https://api.openai.com/v1`',
        description: 'an OpenAI-compatible server (set alone, it selects `openai`)',
        mustBe: 'an http(s) URL',
      }),
    }),
  ),
  ANTHROPIC_API_KEY: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: 'Anthropic key',
      }),
    ),
  ),
  SVC_MODEL_PRICES: Type.Optional(
    Type.String(
      doc({
        unset: 'only `local` is priced',
        description:
          'model prices in dollars; JSON `{<model-prefix>: {inputPerMTok, outputPerMTok}}`, inline or a file path; an unmatched model is unpriced, never free',
        mustBe: 'a JSON object {<model-prefix>: {inputPerMTok, outputPerMTok}}, inline or a file path',
      }),
    ),
  ),
  SVC_CONNECTORS: Type.Optional(
    Type.String(
      doc({
        unset: 'no external reach',
        description: 'JSON array of HTTP connectors `tool` steps call, inline or a file path',
        mustBe: 'a JSON array of connectors {id, baseUrl, env?, headers?, routes}, inline or a file path',
      }),
    ),
  ),
  SVC_HUMAN_GATE_TTL_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`86400000`',
        description: "a human gate's default deadline; used when its step sets no `timeoutMs` (at least 300000)",
        mustBe: 'milliseconds a human gate stays open by default (at least 300000)',
      }),
    }),
  ),
  SVC_WAIT_BUFFER_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`86400000`',
        description:
          "unmatched releaser events kept; how long a releaser trigger's event that matches no parked `wait` is kept for one that parks later",
        mustBe: 'milliseconds an unmatched release event is kept (at least 1000)',
      }),
    }),
  ),
  SVC_RETRY_CAP_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`30000`',
        description: 'longest wait between two deliveries of a failing command (at least 50); an outage is retried for as long as it lasts',
        mustBe:
          'longest wait in milliseconds between two deliveries of a failing command (default 30000, at least 50); an outage is retried at this pace for as long as it lasts',
      }),
    }),
  ),
  SVC_POISON_DELIVERIES: Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{0,3}$',
      ...doc({
        unset: '`5`',
        description:
          'deliveries of one command that may end with its worker dead or stuck past its ack wait before the command is dead-lettered as `poison` (JetStream); `svc dlq replay` runs it again',
        mustBe: 'a positive integer (deliveries lost to a dead or stuck worker)',
      }),
    }),
  ),
  SVC_METRICS: Type.Optional(
    flag({
      unset: '`1`',
      description: '`0` turns the HTTP request metrics and `GET /metrics` off (the gateway and the worker health port)',
    }),
  ),
  SVC_METRICS_PUBLIC: Type.Optional(
    flag({
      unset: '`0`',
      description: '`1` serves `GET /metrics` without the bearer token (for a scraper inside a private network)',
    }),
  ),
  SVC_RATE_LIMIT_API: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,7}$',
      ...doc({
        unset: '`6000`',
        description:
          'API requests per minute per bearer token (per source address when the API is open); `0` turns it off; over it is 429 `rate_limited` with `Retry-After`',
        mustBe: 'requests per minute (0 turns the limit off)',
      }),
    }),
  ),
  SVC_RATE_LIMIT_HOOKS: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,7}$',
      ...doc({
        unset: '`60000`',
        description: 'webhook deliveries per minute per trigger on `POST /hooks/:triggerId`; `0` turns it off',
        mustBe: 'deliveries per minute per trigger (0 turns the limit off)',
      }),
    }),
  ),
  SVC_FAULTS: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: '**tests only**: where the process kills itself or fails a write (`kernel/faults.ts`)',
        mustBe: 'test only: fault points where the process crashes or fails (kernel/faults.ts); never set in production',
      }),
    ),
  ),
  SVC_VALIDATE_EVENTS: Type.Optional(
    flag({
      unset: '`0`',
      description:
        '**tests only**: `1` checks every event against its schema (`schemas/events.ts`) before it is published; a mismatch is logged and refused',
    }),
  ),
  SVC_RUN_LEASE_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`15000`',
        description: "a run's lease unless renewed (at least 1000); a dead worker's runs are taken over after it",
        mustBe: 'milliseconds a worker holds a run lease (at least 1000)',
      }),
    }),
  ),
  SVC_MCP_SERVERS: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description: 'MCP servers attached at boot; a JSON array, inline or a file path, re-read at every start',
        mustBe: 'a JSON array of MCP server configs {id, transport, url|command, ...}, inline or a file path',
      }),
    ),
  ),
  SVC_MCP_REFRESH_MINUTES: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,6}$',
      ...doc({
        unset: '`60`',
        description: 'MCP discovery sweep cadence in clock windows; `0` disables',
        mustBe: 'minutes between discovery sweeps (0 disables)',
      }),
    }),
  ),
  SVC_MCP_MAX_CONCURRENCY: Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{0,4}$',
      ...doc({
        unset: '`64`',
        description:
          'external MCP calls in flight at once in one process; all servers together (each server also has `maxConcurrency`, default 8); more wait, within their timeoutMs',
        mustBe: 'a positive integer (calls in flight per process)',
      }),
    }),
  ),
  SVC_MCP_AUDIT_ARGS: Type.Optional(
    flag({
      unset: '`0`',
      description: '`1` adds argument keys (never values) to `ExternalMcpCalled`',
    }),
  ),
  SVC_MCP_HOSTED: Type.Optional(
    flag({
      unset: '`0`',
      description: '`1` flips every MCP egress default to deny',
    }),
  ),
  SVC_MCP_ALLOW_HOSTS: Type.Optional(
    Type.String(
      doc({
        unset: 'any (hosted: none)',
        description:
          'the hosts MCP servers may be reached at; comma-separated names, addresses in any spelling (`[2606:4700::1111]`) or `*.<domain>`, each optionally `:<port>`',
        mustBe: 'comma-separated hosts (a name or address, or *.<domain>, optional :<port>)',
      }),
    ),
  ),
  SVC_MCP_ALLOW_STDIO: Type.Optional(
    flag({
      unset: 'mode default',
      description: '`1` allows stdio MCP servers under hosted; `0` refuses them on self-host',
    }),
  ),
  SVC_MCP_ALLOW_LOOPBACK: Type.Optional(
    flag({
      unset: '`0`',
      description: '`1` allows loopback MCP servers (plain http included) under hosted',
    }),
  ),
  SVC_MCP_ALLOW_ENV: Type.Optional(
    Type.String(
      doc({
        unset: 'self-host operator: any; else none',
        description: 'env vars a runtime MCP attach may read; names `NAME` or prefixes `PREFIX_*`',
        mustBe: 'comma-separated env var names (NAME or PREFIX_*)',
      }),
    ),
  ),
  SVC_ORG: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description:
          'the declared org without a chain; `{"<seat>": {"crews": ["<nearest>", ...], "skills": ["<skillId>", ...], "role": "<roleId>"}}`, inline or a file path; with a chain, an entry keyed by a seat address adds its skills and the `roleId` of GET /org, never crews',
        mustBe:
          'a JSON object {<seat>: {crews: [<crew>, ...], skills?: [<skillId>, ...], role?: <roleId>}} (nearest crew first; a role of 1-64 characters, no spaces), inline or a file path',
      }),
    ),
  ),
  SVC_SKILLS: Type.Optional(
    Type.String(
      doc({
        unset: 'no skills',
        description:
          'instructions a heartbeat runs as one `model` step; JSON `{"<skillId>": {"title", "prompt"}}`, inline or a file path, carried by seats in `SVC_ORG` `skills`',
        mustBe: 'a JSON object {<skillId>: {title, prompt}}, inline or a file path',
      }),
    ),
  ),
  SVC_HEARTBEAT_LOCK_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`1800000`',
        description:
          'how long a running heartbeat tick holds its window (at least 1000); then its holder is presumed dead and the window may be taken over',
        mustBe: 'milliseconds a heartbeat tick holds its window (at least 1000)',
      }),
    }),
  ),
  SVC_HEARTBEAT_MAX_FAILURES: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,4}$',
      ...doc({
        unset: '`5`',
        description: 'failed ticks in a row after which a heartbeat disables itself; it says why in its crew thread (at least 1)',
        mustBe: 'a count of failed ticks in a row (at least 1)',
      }),
    }),
  ),
  SVC_WEBHOOK_TOLERANCE_SEC: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,6}$',
      ...doc({
        unset: '`300`',
        description: "how far a `svc` delivery's `X-Svc-Timestamp` may be from now",
        mustBe: 'seconds a svc-scheme delivery timestamp may differ from now (at least 1)',
      }),
    }),
  ),
  SVC_WEBHOOK_MAX_BYTES: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,9}$',
      ...doc({
        unset: '`1048576`',
        description: 'webhook body cap (at least 1024); larger is 413 `webhook_body_too_large`',
        mustBe: 'a webhook body cap in bytes (at least 1024)',
      }),
    }),
  ),
  SVC_PUBSUB_JWKS_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      ...doc({
        unset: '`https://www.googleapis.com/oauth2/v3/certs`',
        description: 'pubsub push token key set; the JWKS push tokens are verified against',
        mustBe: 'an http(s) URL of the pubsub provider key set (JWKS)',
      }),
    }),
  ),
  SVC_PUBSUB_ISSUER: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: '`https://accounts.google.com`',
        description: 'issuer pubsub push tokens must carry',
        mustBe: 'the issuer pubsub push tokens must carry',
      }),
    }),
  ),
  SVC_EPOCH_CRON: Type.Optional(
    Type.String({
      minLength: 9,
      ...doc({
        unset: '`0 0 * * *`',
        description: "the epoch's schedule (5-field UTC cron)",
        mustBe: 'a 5-field UTC cron expression for the epoch schedule',
      }),
    }),
  ),
  SVC_CHAIN: Type.Optional(
    Type.Literal('dev', {
      ...doc({
        unset: 'mock',
        description:
          '`dev`: a local anvil; `svc serve` starts it on loopback (chain 31337), deploys the contracts and the demo org on it, and stops it on exit; without it and `SVC_CHAIN_RPC` every chain read is an empty list (mock)',
        mustBe: '`dev` or unset',
      }),
    }),
  ),
  SVC_CHAIN_RPC: Type.Optional(
    Type.String({
      pattern: '^https?://[^\\s]+$',
      ...doc({
        unset: 'none',
        description:
          'chain JSON-RPC URL; needs `SVC_CHAIN_ID` and `SVC_CHAIN_DEPLOYMENT`; credentials in it are masked wherever it is shown',
        mustBe: 'an http(s) URL',
      }),
    }),
  ),
  SVC_CHAIN_ID: Type.Optional(
    Type.String({
      pattern: '^[1-9][0-9]{0,15}$',
      ...doc({
        unset: 'none',
        description: 'the id `eth_chainId` must answer; another makes the chain `unavailable`',
        mustBe: 'a positive integer chain id',
      }),
    }),
  ),
  SVC_CHAIN_DEPLOYMENT: Type.Optional(
    Type.String(
      doc({
        unset: 'none',
        description:
          'contract addresses; JSON `{org, sessions, governance, assets: [{symbol, decimals, token, router, treasury, streamer}], startBlock?}` (primary asset first; `startBlock` is where the treasury indexer starts), inline or a file path',
        mustBe: 'a JSON object {org, sessions, governance, assets: [...]}, inline or a file path',
      }),
    ),
  ),
  SVC_CHAIN_CONFIRMATIONS: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,4}$',
      ...doc({
        unset: '`0` on chain 31337, else `12`',
        description: 'treasury indexer lag in blocks; it stays that far behind the head, so a reorg does not unsay an event',
        mustBe: 'a number of blocks (0 to 9999)',
      }),
    }),
  ),
  SVC_CHAIN_INDEX_INTERVAL_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]+$',
      ...doc({
        unset: '`5000`',
        description: 'treasury indexer pass interval; at least 100, and one replica holds its lease',
        mustBe: 'milliseconds between indexer passes (at least 100)',
      }),
    }),
  ),
  SVC_ORCH_PRIVATE_KEY: Type.Optional(
    Type.String({
      pattern: PRIVATE_KEY_PATTERN,
      ...doc({
        unset: 'none',
        description: 'orchestrator wallet key; 32-byte hex, never logged or returned',
        mustBe: 'a private key: 32 bytes as 64 hex characters, 0x optional',
      }),
    }),
  ),
  SVC_ISSUER_PRIVATE_KEY: Type.Optional(
    Type.String({
      pattern: PRIVATE_KEY_PATTERN,
      ...doc({
        unset: 'root issues',
        description: 'session-key issuer key; 32-byte hex, never logged or returned',
        mustBe: 'a private key: 32 bytes as 64 hex characters, 0x optional',
      }),
    }),
  ),
  SVC_HELD_SEAT_KEYS: Type.Optional(
    Type.String(
      doc({
        unset: 'none (dev: the manager key)',
        description:
          "seat keys for resolving intents; private keys of org seats this process resolves escalated intents for (a manager's), a JSON array inline or in a file; never logged or returned",
        mustBe: 'a JSON array of private keys (32 bytes as 64 hex characters, 0x optional), inline or a file path',
      }),
    ),
  ),
  WALLET_WATCHLIST: Type.Optional(
    Type.String(
      doc({
        unset: 'empty',
        description:
          'chains `/agents/balances` reads; JSON `[{chainId, rpcUrl?, tokens: [{symbol, address, decimals}], wallets?}]`, inline or a file path; no `rpcUrl` is `read: false`, never a public RPC',
        mustBe: 'a JSON array of {chainId, rpcUrl?, tokens: [{symbol, address, decimals}], wallets?}, inline or a file path',
      }),
    ),
  ),
  SVC_EVAL_TIMEOUT_MS: Type.Optional(
    Type.String({
      pattern: '^[0-9]{1,9}$',
      ...doc({
        unset: '`120000`',
        description:
          "an eval run's time limit; past it its child process is killed and `POST /flows/eval` answers 504 `eval_timeout` (at least 10)",
        mustBe: 'milliseconds an eval run may take (at least 10)',
      }),
    }),
  ),
  SVC_EVAL_DIR: Type.Optional(
    Type.String({
      minLength: 1,
      ...doc({
        unset: 'none',
        description: "the operator's eval scenarios (a folder of JSON files); listed and run beside the shipped ones",
        mustBe: 'an existing directory of eval scenario files',
      }),
    }),
  ),
});

/** Read by the `svc` client commands (cli/client.ts), not by a server process; documented in the same table. */
export const ClientEnvSchema = Type.Object({
  SVC_CONFIG: Type.Optional(
    Type.String(
      doc({
        unset: '`~/.config/svc/config.json`',
        description: 'CLI only: contexts; the file `svc context` writes (0600), under `$XDG_CONFIG_HOME` when that is set',
      }),
    ),
  ),
  SVC_URL: Type.Optional(
    Type.String(
      doc({
        unset: '`http://127.0.0.1:8788`',
        description: 'CLI only: the API the client commands call, with `SVC_ORCH_TOKEN`; `svc events tail` reads `NATS_URL` when set',
      }),
    ),
  ),
});
export type Env = Static<typeof EnvSchema>;

export type RootAuthKind = 'wallet' | 'passkey' | 'multisig-passkey';

/** SVC_ROOT_AUTH and its settings, checked at load. None of them is a secret: a root's public
 * key, credential id and address are what a proof is checked against. */
export interface RootAuthSettings {
  readonly kind: RootAuthKind | undefined;
  /** Why the configured root cannot verify; gated routes refuse while it is set. */
  readonly configError: string | undefined;
  /** `wallet`: SVC_ROOT_ADDRESS, checksummed. */
  readonly address?: `0x${string}` | undefined;
  /** `passkey`: the credential a proof must come from. */
  readonly passkey?:
    | {
        /** base64url credential id. */
        readonly id: string;
        /** The COSE_Key, base64url (as a registration's attested credential data carries it). */
        readonly publicKey: string;
        readonly rpId: string;
        readonly origin: string;
      }
    | undefined;
  /** `multisig-passkey`: the Safe that is the root, checksummed. */
  readonly multisig?: `0x${string}` | undefined;
  /** SVC_ROOT_APPROVAL_RELAYER and the chains it may spend on; the key behind a function so a
   * serialized config never carries it. */
  readonly relayer?: { readonly key: () => `0x${string}`; readonly chains: readonly number[] } | undefined;
}
/** How a NATS connection authenticates, by kind only: what /health and logs may say. */
export type NatsAuthKind = 'none' | 'creds' | 'nkey' | 'token' | 'user';

/** The client's own option types: the authenticator and TLS settings every connect() is given. */
export type NatsConnectOptions = Pick<import('@nats-io/nats-core').ConnectionOptions, 'authenticator' | 'tls'>;

export interface NatsSettings {
  readonly auth: NatsAuthKind;
  /** Paths of the TLS files (not secret); undefined: TLS only if the URL or the server asks. */
  readonly tls: { readonly ca?: string; readonly cert?: string; readonly key?: string } | undefined;
  /** A function, so serializing or logging the config never carries a credential. */
  readonly connectOptions: () => NatsConnectOptions;
}
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
  /** NATS_CREDS, NATS_NKEY_SEED, NATS_TOKEN, NATS_USER/NATS_PASSWORD, NATS_TLS_*: how every NATS
   * connection authenticates and encrypts. */
  readonly nats: NatsSettings;
  /** SVC_EVT_MAX_BYTES / SVC_EVT_MAX_AGE: the event stream's limits. */
  readonly eventLimits: { readonly maxBytes: number | undefined; readonly maxAgeMs: number };
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
  readonly rootAuth: RootAuthSettings;
  readonly autoExecute: boolean;
  /** SVC_PLAN_REQUIRED*: plan-required mode; `configError` says why an unreadable rule set left it off. */
  readonly planRequired: {
    readonly mode: 'off' | 'spends_only' | 'side_effects';
    readonly windowMs: number;
    readonly configError: string | undefined;
  };
  /** SVC_CHANNEL_SECRET as bytes, else a key derived from SVC_SESSION_KEY, else undefined (chat replies refused). */
  readonly channelKey: { readonly key: Buffer; readonly source: 'channel_secret' | 'session_key' } | undefined;
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
  /** SVC_WAIT_BUFFER_MS: how long an event of a releaser trigger that released no wait is kept. */
  readonly waitBufferMs: number;
  /** SVC_RUN_LEASE_MS: how long a run's lease lasts unless renewed; a dead worker's runs are taken over after it. */
  readonly runLeaseMs: number;
  /** SVC_POISON_DELIVERIES: deliveries lost to a dead or stuck worker before a command is poison. */
  readonly poisonDeliveries: number;
  /** SVC_METRICS / SVC_METRICS_PUBLIC: request metrics and GET /metrics on, and whether it needs the token. */
  readonly metrics: { readonly enabled: boolean; readonly public: boolean };
  /** SVC_RATE_LIMIT_API / SVC_RATE_LIMIT_HOOKS: per minute; 0 is off. */
  readonly rateLimit: { readonly apiPerMinute: number; readonly hooksPerMinute: number };
  /** SVC_RETRY_CAP_MS: the longest wait between two deliveries of a failing command. */
  readonly retryCapMs: number;
  /** SVC_FAULTS (test only): where this process crashes or fails on purpose. */
  readonly faults: import('./faults.js').Faults;
  /** SVC_VALIDATE_EVENTS (test only): every event is checked against its schema before it is published. */
  readonly validateEvents: boolean;
  /** SVC_MCP_*: attached MCP servers. */
  readonly mcp: import('./mcp.js').McpSettings;
  /** SVC_ORG: crews above each seat, nearest first (the declared org when no chain is configured). */
  readonly org: Readonly<import('./mcp.js').OrgConfig>;
  /** SVC_SKILLS, SVC_HEARTBEAT_*: crew heartbeats. */
  readonly heartbeats: import('./heartbeats.js').HeartbeatSettings;
  /** SVC_WEBHOOK_*, SVC_PUBSUB_*, SVC_EPOCH_CRON: the trigger layer. */
  readonly triggers: import('./triggers.js').TriggerSettings;
  /** SVC_EVAL_*: the eval suite `POST /flows/eval` runs in a child process. */
  readonly evals: { readonly timeoutMs: number; readonly dir: string | undefined };
  /** Reads one environment variable at the moment it is needed (MCP bearer tokens, stdio child
   * env). Injected by the composition root; config is the only module that touches process.env. */
  readonly readEnv: (name: string) => string | undefined;
  /** SVC_CHAIN*, SVC_*_PRIVATE_KEY, WALLET_WATCHLIST: the chain and what it is read through. */
  readonly chain: import('./chain-config.js').ChainSettings;
  /** SVC_CHAIN_CONFIRMATIONS, SVC_CHAIN_INDEX_INTERVAL_MS: the treasury indexer. */
  readonly chainIndex: {
    readonly intervalMs: number;
    /** undefined: 0 on anvil's chain 31337, else 12. */
    readonly confirmations: number | undefined;
  };
}
