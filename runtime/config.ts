/**
 * Reads and validates the environment once. A bad value throws a ConfigError whose message is
 * one line naming the variable and what is wrong (never the value: it may be a secret).
 */
import { Value } from 'typebox/value';
import { ConfigError, readJsonSetting } from './config-json.js';
import { chainSettings } from './chain-config.js';
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { IdentitiesConfig, type IdentityConfig } from '../schemas/identity.js';
import { EnvSchema, type Config, type Env, type ModelProviderName, type RootAuthSettings } from '../schemas/config.js';
// The CBOR decoder the WebAuthn library itself uses, alone: the library's helpers would load dozens of
// modules at every start for this one check.
import { decodeCBOR } from '@levischuck/tiny-cbor';
import { getAddress, isAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { ENV_ENTRY_PATTERN, McpServersConfig, OrgConfig, type McpServerConfig, type McpSettings } from '../schemas/mcp.js';
import { ConnectorsConfig, ModelPrices, type ConnectorConfig, type ModelPrice } from '../schemas/connectors.js';
import { validCron, type TriggerSettings } from '../schemas/triggers.js';
import { parseFaults, type Faults } from '../kernel/faults.js';
import { SkillsConfig } from '../schemas/heartbeats.js';
import { DUPLICATE_WINDOW_MS } from '../bus/wire.js';
import { EVENT_MAX_AGE_MS } from '../bus/jetstream-setup.js';
import { natsSettings, parseByteSize, parseDurationMs } from './nats-config.js';
import { parseHostEntry } from '../kernel/host-entry.js';
import { channelKey, planRequiredSettings } from './guard-config.js';

export { ConfigError, readJsonSetting };

const KNOWN = Object.keys(EnvSchema.properties) as (keyof Env)[];

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const env: Record<string, string> = {};
  for (const name of KNOWN) {
    const v = source[name];
    if (v !== undefined && v !== '') env[name] = v;
  }
  const firstError = Value.Errors(EnvSchema, env)[0];
  if (firstError) {
    const variable = firstError.instancePath.replace(/^\//, '') || 'environment';
    const schema = (EnvSchema.properties as Record<string, { mustBe?: string }>)[variable];
    throw new ConfigError(variable, `must be ${schema?.mustBe ?? 'valid'}`);
  }
  const e = env as Env;

  const port = Number(e.SVC_ORCH_PORT ?? 8788);
  if (port > 65535) throw new ConfigError('SVC_ORCH_PORT', 'must be a port number 0-65535');
  const workerHealthPort = e.SVC_WORKER_HEALTH_PORT === undefined ? undefined : Number(e.SVC_WORKER_HEALTH_PORT);
  if (workerHealthPort !== undefined && workerHealthPort > 65535)
    throw new ConfigError('SVC_WORKER_HEALTH_PORT', 'must be a port number 0-65535');
  // The embedded store has no schemas: a schema without a URL means a forgotten DATABASE_URL.
  if (e.DATABASE_SCHEMA !== undefined && e.DATABASE_URL === undefined)
    throw new ConfigError('DATABASE_SCHEMA', 'is set but DATABASE_URL is not (the embedded store has no schemas)');

  const corsOrigins = (e.SVC_ORCH_CORS_ORIGINS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (origin.includes('*')) throw new ConfigError('SVC_ORCH_CORS_ORIGINS', 'must list exact origins; a wildcard is never allowed');
    if (!/^https?:\/\/[^/\s]+$/.test(origin))
      throw new ConfigError('SVC_ORCH_CORS_ORIGINS', `must list origins as scheme://host[:port] (bad entry "${origin}")`);
  }

  return Object.freeze({
    port,
    host: e.SVC_ORCH_HOST,
    workerHealthPort,
    token: e.SVC_ORCH_TOKEN,
    corsOrigins: Object.freeze(corsOrigins),
    identities: Object.freeze(parseIdentities(e.SVC_IDENTITIES, e.SVC_ORCH_TOKEN)),
    bodyLimitBytes: atLeast('SVC_BODY_LIMIT_BYTES', e.SVC_BODY_LIMIT_BYTES, 1024 * 1024, 1024),
    natsUrl: e.NATS_URL,
    nats: natsSettings(e),
    eventLimits: Object.freeze({
      maxBytes: e.SVC_EVT_MAX_BYTES === undefined ? undefined : parseByteSize('SVC_EVT_MAX_BYTES', e.SVC_EVT_MAX_BYTES),
      maxAgeMs: e.SVC_EVT_MAX_AGE === undefined ? EVENT_MAX_AGE_MS : parseDurationMs('SVC_EVT_MAX_AGE', e.SVC_EVT_MAX_AGE, 1000),
    }),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    sessionKey: e.SVC_SESSION_KEY === undefined ? undefined : parseSessionKey(e.SVC_SESSION_KEY),
    logLevel: e.LOG_LEVEL ?? 'info',
    busPrefix: e.SVC_BUS_PREFIX ?? 'svc',
    clockTickMs: atLeast('SVC_CLOCK_TICK_MS', e.SVC_CLOCK_TICK_MS, 60_000, 100),
    ackWaitMs: atLeast('SVC_ACK_WAIT_MS', e.SVC_ACK_WAIT_MS, 30_000, 100),
    duplicateWindowMs: atLeast('SVC_DUPLICATE_WINDOW_MS', e.SVC_DUPLICATE_WINDOW_MS, DUPLICATE_WINDOW_MS, 1000),
    streamReplicas: Number(e.SVC_STREAM_REPLICAS ?? 1),
    rootAuth: Object.freeze(rootAuth(e)),
    autoExecute: e.SVC_AUTO_EXECUTE === '1',
    planRequired: Object.freeze(planRequiredSettings(e.SVC_PLAN_REQUIRED, e.SVC_PLAN_REQUIRED_WINDOW_MIN)),
    channelKey: channelKey(e.SVC_CHANNEL_SECRET, e.SVC_SESSION_KEY === undefined ? undefined : parseSessionKey(e.SVC_SESSION_KEY)),
    model: Object.freeze({
      provider: modelProvider(e),
      openaiApiKey: e.OPENAI_API_KEY,
      openaiBaseUrl: e.OPENAI_BASE_URL,
      anthropicApiKey: e.ANTHROPIC_API_KEY,
      prices: Object.freeze(parseModelPrices(e.SVC_MODEL_PRICES)),
    }),
    ...connectorSettings(e.SVC_CONNECTORS, source),
    humanGateTtlMs: atLeast('SVC_HUMAN_GATE_TTL_MS', e.SVC_HUMAN_GATE_TTL_MS, 24 * 3600_000, 5 * 60_000),
    waitBufferMs: atLeast('SVC_WAIT_BUFFER_MS', e.SVC_WAIT_BUFFER_MS, 24 * 3600_000, 1_000),
    runLeaseMs: atLeast('SVC_RUN_LEASE_MS', e.SVC_RUN_LEASE_MS, 15_000, 1_000),
    faults: faultsOf(e.SVC_FAULTS),
    validateEvents: e.SVC_VALIDATE_EVENTS === '1',
    retryCapMs: atLeast('SVC_RETRY_CAP_MS', e.SVC_RETRY_CAP_MS, 30_000, 50),
    poisonDeliveries: atLeast('SVC_POISON_DELIVERIES', e.SVC_POISON_DELIVERIES, 5, 1),
    metrics: Object.freeze({ enabled: e.SVC_METRICS !== '0', public: e.SVC_METRICS_PUBLIC === '1' }),
    rateLimit: Object.freeze({
      apiPerMinute: atLeast('SVC_RATE_LIMIT_API', e.SVC_RATE_LIMIT_API, 6000, 0),
      hooksPerMinute: atLeast('SVC_RATE_LIMIT_HOOKS', e.SVC_RATE_LIMIT_HOOKS, 60_000, 0),
    }),
    mcp: Object.freeze(mcpSettings(e)),
    org: Object.freeze(parseOrg(e.SVC_ORG)),
    triggers: Object.freeze(triggerSettings(e)),
    evals: Object.freeze({
      timeoutMs: atLeast('SVC_EVAL_TIMEOUT_MS', e.SVC_EVAL_TIMEOUT_MS, 120_000, 10),
      dir: evalDir(e.SVC_EVAL_DIR),
    }),
    heartbeats: Object.freeze({
      skills: Object.freeze(parseSkills(e.SVC_SKILLS)),
      lockMs: atLeast('SVC_HEARTBEAT_LOCK_MS', e.SVC_HEARTBEAT_LOCK_MS, 1_800_000, 1000),
      maxFailures: atLeast('SVC_HEARTBEAT_MAX_FAILURES', e.SVC_HEARTBEAT_MAX_FAILURES, 5, 1),
    }),
    readEnv: envReader(source),
    chain: chainSettings(e),
    chainIndex: Object.freeze({
      intervalMs: atLeast('SVC_CHAIN_INDEX_INTERVAL_MS', e.SVC_CHAIN_INDEX_INTERVAL_MS, 5_000, 100),
      confirmations: e.SVC_CHAIN_CONFIRMATIONS === undefined ? undefined : Number(e.SVC_CHAIN_CONFIRMATIONS),
    }),
  });
}

function faultsOf(raw: string | undefined): Faults {
  try {
    return parseFaults(raw);
  } catch (err) {
    throw new ConfigError('SVC_FAULTS', (err as Error).message);
  }
}

function parseModelPrices(raw: string | undefined): Record<string, ModelPrice> {
  if (raw === undefined) return {};
  const value = readJsonSetting('SVC_MODEL_PRICES', raw);
  const err = Value.Errors(ModelPrices, value)[0];
  if (err)
    throw new ConfigError(
      'SVC_MODEL_PRICES',
      `must be an object {<model-prefix>: {inputPerMTok, outputPerMTok}} of non-negative numbers (problem at ${err.instancePath || '/'}: ${err.message})`,
    );
  return value as Record<string, ModelPrice>;
}

/** Parses SVC_CONNECTORS and keeps a frozen copy of exactly the env vars it names, read here
 * (the one module that reads the environment) and handed down as a reader function. */
function connectorSettings(
  raw: string | undefined,
  source: NodeJS.ProcessEnv,
): { connectors: readonly ConnectorConfig[]; connectorEnv: (name: string) => string | undefined } {
  const list: ConnectorConfig[] = [];
  if (raw !== undefined) {
    const value = readJsonSetting('SVC_CONNECTORS', raw);
    const err = Value.Errors(ConnectorsConfig, value)[0];
    if (err)
      throw new ConfigError(
        'SVC_CONNECTORS',
        `must be an array of {id, baseUrl, env?, headers?, routes: {<route>: {method, path, headers?, body?}}} (problem at ${err.instancePath || '/'}: ${err.message})`,
      );
    const ids = new Set<string>();
    for (const c of value as ConnectorConfig[]) {
      if (ids.has(c.id)) throw new ConfigError('SVC_CONNECTORS', `repeats the connector id ${c.id}`);
      ids.add(c.id);
      list.push(c);
    }
  }
  const vars: Record<string, string> = {};
  for (const c of list) {
    for (const variable of Object.values(c.env ?? {})) {
      const v = source[variable];
      if (v !== undefined && v !== '') vars[variable] = v;
    }
  }
  const frozen = Object.freeze(vars);
  return { connectors: Object.freeze(list), connectorEnv: (name) => (Object.hasOwn(frozen, name) ? frozen[name] : undefined) };
}

function atLeast(variable: string, raw: string | undefined, fallback: number, min: number): number {
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isSafeInteger(n) || n < min) throw new ConfigError(variable, `must be an integer of at least ${min}`);
  return n;
}

/** 32 bytes, written as 64 hex characters or as base64 (standard or url-safe). */
export function parseSessionKey(raw: string): Buffer {
  if (/^[0-9a-fA-F]{64}$/.test(raw)) return Buffer.from(raw, 'hex');
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)) {
    const buf = Buffer.from(raw.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (buf.length === 32) return buf;
    throw new ConfigError('SVC_SESSION_KEY', `must be 32 bytes as 64 hex characters or base64 (decodes to ${buf.length} bytes)`);
  }
  throw new ConfigError('SVC_SESSION_KEY', 'must be 32 bytes as 64 hex characters or base64');
}

function rootAuth(e: Env): RootAuthSettings {
  const kind = e.SVC_ROOT_AUTH;
  if (kind === undefined) return { kind, configError: undefined };
  const need: (keyof Env)[] =
    kind === 'wallet'
      ? ['SVC_ROOT_ADDRESS']
      : ['SVC_ROOT_PASSKEY_ID', 'SVC_ROOT_PASSKEY_PUBKEY', 'SVC_ROOT_PASSKEY_RPID', 'SVC_ROOT_PASSKEY_ORIGIN'];
  if (kind === 'multisig-passkey') need.push('SVC_ROOT_MULTISIG_ADDRESS');
  const missing = need.filter((n) => e[n] === undefined);
  // A root that cannot verify makes gated routes refuse; it does not stop the process.
  if (missing.length) return { kind, configError: `SVC_ROOT_AUTH=${kind} needs ${missing.join(', ')}` };
  if (kind === 'wallet') {
    const address = e.SVC_ROOT_ADDRESS!;
    if (!isAddress(address, { strict: false })) return { kind, configError: 'SVC_ROOT_ADDRESS must be a 20-byte hex address' };
    return { kind, configError: undefined, address: getAddress(address) };
  }
  const passkey = {
    id: e.SVC_ROOT_PASSKEY_ID!,
    publicKey: e.SVC_ROOT_PASSKEY_PUBKEY!,
    rpId: e.SVC_ROOT_PASSKEY_RPID!,
    origin: e.SVC_ROOT_PASSKEY_ORIGIN!,
  };
  const problem = passkeyProblem(passkey);
  if (problem) return { kind, configError: problem };
  if (kind === 'passkey') return { kind, configError: undefined, passkey };
  const multisig = e.SVC_ROOT_MULTISIG_ADDRESS!;
  if (!isAddress(multisig, { strict: false })) return { kind, configError: 'SVC_ROOT_MULTISIG_ADDRESS must be a 20-byte hex address' };
  return { kind, configError: undefined, passkey, multisig: getAddress(multisig), relayer: approvalRelayer(e) };
}

/** SVC_ROOT_APPROVAL_RELAYER with the chains it may spend on; a malformed key stops the process
 * like every other key (the schema already checked its shape). */
function approvalRelayer(e: Env): RootAuthSettings['relayer'] {
  const raw = e.SVC_ROOT_APPROVAL_RELAYER;
  if (raw === undefined) return undefined;
  const key = (raw.startsWith('0x') ? raw : `0x${raw}`).toLowerCase() as `0x${string}`;
  try {
    privateKeyToAccount(key);
  } catch {
    throw new ConfigError('SVC_ROOT_APPROVAL_RELAYER', 'is not a valid secp256k1 private key (zero or not below the curve order)');
  }
  const chains = Object.freeze((e.SVC_ROOT_APPROVAL_RELAY_CHAINS ?? '').split(',').filter(Boolean).map(Number));
  return Object.freeze({ key: () => key, chains });
}

/** Why the passkey settings cannot verify an assertion, or undefined. */
function passkeyProblem(p: { id: string; publicKey: string; rpId: string; origin: string }): string | undefined {
  if (!BASE64URL.test(p.id)) return 'SVC_ROOT_PASSKEY_ID must be the credential id in base64url';
  if (!BASE64URL.test(p.publicKey)) return 'SVC_ROOT_PASSKEY_PUBKEY must be a COSE public key in base64url';
  try {
    const key = decodeCBOR(new Uint8Array(Buffer.from(p.publicKey, 'base64url')));
    // P-256 with ES256: what platform passkeys create, and the only curve the EVM's P-256 precompile
    // verifies. COSE key labels: 1 is the key type (2, EC2), -1 the curve (1, P-256), -2 and -3
    // the point's coordinates (32 bytes each for P-256).
    const at = (label: number) => (key instanceof Map ? key.get(label) : undefined);
    const coordinate = (label: number) => at(label) instanceof Uint8Array && (at(label) as Uint8Array).length === 32;
    if (at(1) !== 2 || at(-1) !== 1 || !coordinate(-2) || !coordinate(-3))
      return 'SVC_ROOT_PASSKEY_PUBKEY must be a P-256 (EC2, crv 1) COSE key';
  } catch {
    return 'SVC_ROOT_PASSKEY_PUBKEY must be a COSE public key in base64url (it does not decode as CBOR)';
  }
  if (!/^https?:\/\/[^/\s]+$/.test(p.origin)) return 'SVC_ROOT_PASSKEY_ORIGIN must be an origin, scheme://host[:port]';
  if (!/^[a-z0-9.-]+$/i.test(p.rpId)) return 'SVC_ROOT_PASSKEY_RPID must be a host name (the relying party id)';
  return undefined;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function modelProvider(e: Env): ModelProviderName {
  if (e.SVC_MODEL_PROVIDER) return e.SVC_MODEL_PROVIDER;
  // An OpenAI-compatible server named by URL may need no key (a local server): it is still chosen.
  if (e.OPENAI_API_KEY || e.OPENAI_BASE_URL) return 'openai';
  if (e.ANTHROPIC_API_KEY) return 'anthropic';
  return 'local';
}

function parseIdentities(raw: string | undefined, operatorToken: string | undefined): IdentityConfig[] {
  if (raw === undefined) return [];
  const value = readJsonSetting('SVC_IDENTITIES', raw);
  const err = Value.Errors(IdentitiesConfig, value)[0];
  if (err)
    throw new ConfigError(
      'SVC_IDENTITIES',
      `must be an array of {token (16+ chars), seat (no spaces), kind: human|agent, workspace?} (problem at ${err.instancePath || '/'}: ${err.message})`,
    );
  const list = value as IdentityConfig[];
  const tokens = new Set<string>(operatorToken ? [operatorToken] : []);
  for (const id of list) {
    if (tokens.has(id.token)) throw new ConfigError('SVC_IDENTITIES', `repeats a token (seat ${id.seat}); every token names one caller`);
    tokens.add(id.token);
  }
  return list;
}

/** Reads one variable when asked (not at load), so a rotated bearer token is seen by the next call. */
export function envReader(source: NodeJS.ProcessEnv = process.env): (name: string) => string | undefined {
  return (name) => {
    const v = source[name];
    return v === undefined || v === '' ? undefined : v;
  };
}

function csv(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  return raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
}

function mcpSettings(e: Env): McpSettings {
  const allowHosts = csv(e.SVC_MCP_ALLOW_HOSTS)?.map((h) => h.toLowerCase());
  for (const h of allowHosts ?? []) {
    const entry = parseHostEntry(h);
    if (typeof entry === 'string')
      throw new ConfigError(
        'SVC_MCP_ALLOW_HOSTS',
        `must list hosts (a name or an address in any spelling) or *.<domain>, each optionally :<port> (bad entry "${h}": ${entry})`,
      );
  }
  const allowEnv = csv(e.SVC_MCP_ALLOW_ENV);
  for (const n of allowEnv ?? []) {
    if (!ENV_ENTRY_PATTERN.test(n)) throw new ConfigError('SVC_MCP_ALLOW_ENV', `must list variable names or PREFIX_* (bad entry "${n}")`);
  }
  return {
    servers: Object.freeze(parseMcpServers(e.SVC_MCP_SERVERS)),
    refreshMinutes: e.SVC_MCP_REFRESH_MINUTES === undefined ? 60 : Number(e.SVC_MCP_REFRESH_MINUTES),
    auditArgs: e.SVC_MCP_AUDIT_ARGS === '1',
    hosted: e.SVC_MCP_HOSTED === '1',
    allowHosts: allowHosts === undefined ? undefined : Object.freeze(allowHosts),
    allowStdio: e.SVC_MCP_ALLOW_STDIO === undefined ? undefined : e.SVC_MCP_ALLOW_STDIO === '1',
    allowLoopback: e.SVC_MCP_ALLOW_LOOPBACK === '1',
    allowEnv: allowEnv === undefined ? undefined : Object.freeze(allowEnv),
    maxConcurrency: e.SVC_MCP_MAX_CONCURRENCY === undefined ? 64 : Number(e.SVC_MCP_MAX_CONCURRENCY),
  };
}

/** Re-read at every start: the list is the source of truth for the servers it names. */
function parseMcpServers(raw: string | undefined): McpServerConfig[] {
  if (raw === undefined) return [];
  const value = readJsonSetting('SVC_MCP_SERVERS', raw);
  const err = Value.Errors(McpServersConfig, value)[0];
  if (err)
    throw new ConfigError(
      'SVC_MCP_SERVERS',
      `must be an array of {id, transport: http|stdio, url?, auth?, timeoutMs?, maxResponseBytes?, maxConcurrency?, command?, args?, env?} (problem at ${err.instancePath || '/'}: ${err.message})`,
    );
  const ids = new Set<string>();
  for (const s of value as McpServerConfig[]) {
    if (ids.has(s.id)) throw new ConfigError('SVC_MCP_SERVERS', `repeats the server id ${s.id}`);
    ids.add(s.id);
    if (s.transport === 'http' && (s.url === undefined || s.command !== undefined || s.args !== undefined || s.env !== undefined))
      throw new ConfigError('SVC_MCP_SERVERS', `server ${s.id}: an http server needs url and takes no command, args or env`);
    if (s.transport === 'stdio' && (s.command === undefined || s.url !== undefined || s.auth !== undefined))
      throw new ConfigError('SVC_MCP_SERVERS', `server ${s.id}: a stdio server needs command and takes no url or auth`);
  }
  return value as McpServerConfig[];
}

function parseOrg(raw: string | undefined): OrgConfig {
  if (raw === undefined) return {};
  const value = readJsonSetting('SVC_ORG', raw);
  const err = Value.Errors(OrgConfig, value)[0];
  if (err)
    throw new ConfigError(
      'SVC_ORG',
      `must be an object {<seat>: {crews: [<crew>, ...], skills?: [<skillId>, ...], role?: <roleId>}} with a role of 1-64 characters and no spaces (problem at ${err.instancePath || '/'}: ${err.message})`,
    );
  return value as OrgConfig;
}

function parseSkills(raw: string | undefined): SkillsConfig {
  if (raw === undefined) return {};
  const value = readJsonSetting('SVC_SKILLS', raw);
  const err = Value.Errors(SkillsConfig, value)[0];
  if (err)
    throw new ConfigError(
      'SVC_SKILLS',
      `must be an object {<skillId>: {title, prompt}} (problem at ${err.instancePath || '/'}: ${err.message})`,
    );
  return value as SkillsConfig;
}

/** An absolute path, checked once here: a mistyped folder would otherwise list no operator scenario
 * and every eval would pass without the ones the operator meant to run. */
function evalDir(raw: string | undefined): string | undefined {
  if (raw === undefined) return undefined;
  const dir = resolve(raw);
  if (!statSync(dir, { throwIfNoEntry: false })?.isDirectory())
    throw new ConfigError('SVC_EVAL_DIR', 'must be an existing directory of eval scenario files');
  return dir;
}

function triggerSettings(e: Env): TriggerSettings {
  const epochCron = e.SVC_EPOCH_CRON ?? '0 0 * * *';
  if (!validCron(epochCron)) throw new ConfigError('SVC_EPOCH_CRON', 'must be a 5-field UTC cron expression');
  return {
    toleranceSec: atLeast('SVC_WEBHOOK_TOLERANCE_SEC', e.SVC_WEBHOOK_TOLERANCE_SEC, 300, 1),
    maxBytes: atLeast('SVC_WEBHOOK_MAX_BYTES', e.SVC_WEBHOOK_MAX_BYTES, 1_048_576, 1024),
    pubsubJwksUrl: e.SVC_PUBSUB_JWKS_URL ?? 'https://www.googleapis.com/oauth2/v3/certs',
    pubsubIssuer: e.SVC_PUBSUB_ISSUER ?? 'https://accounts.google.com',
    epochCron,
  };
}
