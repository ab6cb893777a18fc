/**
 * Reads and validates the environment once. A bad value throws a ConfigError whose message is
 * one line naming the variable and what is wrong (never the value: it may be a secret).
 */
import { Value } from 'typebox/value';
import { readFileSync } from 'node:fs';
import { IdentitiesConfig, type IdentityConfig } from '../schemas/identity.js';
import { EnvSchema, type Config, type Env, type ModelProviderName, type RootAuthKind } from '../schemas/config.js';

export class ConfigError extends Error {
  constructor(readonly variable: string, problem: string) {
    super(`config: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

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
    const schema = (EnvSchema.properties as Record<string, { description?: string }>)[variable];
    throw new ConfigError(variable, `must be ${schema?.description ?? 'valid'}`);
  }
  const e = env as Env;

  const port = Number(e.SVC_ORCH_PORT ?? 8788);
  if (port > 65535) throw new ConfigError('SVC_ORCH_PORT', 'must be a port number 0-65535');

  const corsOrigins = (e.SVC_ORCH_CORS_ORIGINS ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  for (const origin of corsOrigins) {
    if (origin.includes('*')) throw new ConfigError('SVC_ORCH_CORS_ORIGINS', 'must list exact origins; a wildcard is never allowed');
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) throw new ConfigError('SVC_ORCH_CORS_ORIGINS', `must list origins as scheme://host[:port] (bad entry "${origin}")`);
  }

  return Object.freeze({
    port,
    host: e.SVC_ORCH_HOST,
    token: e.SVC_ORCH_TOKEN,
    corsOrigins: Object.freeze(corsOrigins),
    identities: Object.freeze(parseIdentities(e.SVC_IDENTITIES, e.SVC_ORCH_TOKEN)),
    bodyLimitBytes: atLeast('SVC_BODY_LIMIT_BYTES', e.SVC_BODY_LIMIT_BYTES, 1024 * 1024, 1024),
    natsUrl: e.NATS_URL,
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    sessionKey: e.SVC_SESSION_KEY === undefined ? undefined : parseSessionKey(e.SVC_SESSION_KEY),
    logLevel: e.LOG_LEVEL ?? 'info',
    busPrefix: e.SVC_BUS_PREFIX ?? 'svc',
    clockTickMs: atLeast('SVC_CLOCK_TICK_MS', e.SVC_CLOCK_TICK_MS, 60_000, 100),
    ackWaitMs: atLeast('SVC_ACK_WAIT_MS', e.SVC_ACK_WAIT_MS, 30_000, 100),
    streamReplicas: Number(e.SVC_STREAM_REPLICAS ?? 1),
    rootAuth: Object.freeze(rootAuth(e)),
    autoExecute: e.SVC_AUTO_EXECUTE === '1',
    model: Object.freeze({
      provider: modelProvider(e),
      openaiApiKey: e.OPENAI_API_KEY,
      openaiBaseUrl: e.OPENAI_BASE_URL,
      anthropicApiKey: e.ANTHROPIC_API_KEY,
    }),
  });
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

function rootAuth(e: Env): { kind: RootAuthKind | undefined; configError: string | undefined } {
  const kind = e.SVC_ROOT_AUTH;
  if (kind === undefined) return { kind, configError: undefined };
  const need: (keyof Env)[] =
    kind === 'wallet'
      ? ['SVC_ROOT_ADDRESS']
      : ['SVC_ROOT_PASSKEY_ID', 'SVC_ROOT_PASSKEY_PUBKEY', 'SVC_ROOT_PASSKEY_RPID', 'SVC_ROOT_PASSKEY_ORIGIN'];
  if (kind === 'multisig-passkey') need.push('SVC_ROOT_MULTISIG_ADDRESS');
  const missing = need.filter((n) => e[n] === undefined);
  // A root that cannot verify makes gated routes refuse; it does not stop the process.
  return { kind, configError: missing.length ? `SVC_ROOT_AUTH=${kind} needs ${missing.join(', ')}` : undefined };
}

function modelProvider(e: Env): ModelProviderName {
  if (e.SVC_MODEL_PROVIDER) return e.SVC_MODEL_PROVIDER;
  if (e.OPENAI_API_KEY) return 'openai';
  if (e.ANTHROPIC_API_KEY) return 'anthropic';
  return 'local';
}

/** Inline JSON or a path to a JSON file. */
export function readJsonSetting(variable: string, raw: string): unknown {
  const text = raw.trimStart().startsWith('[') || raw.trimStart().startsWith('{') ? raw : readSettingFile(variable, raw);
  try {
    return JSON.parse(text);
  } catch {
    throw new ConfigError(variable, 'must be valid JSON (inline or in the named file)');
  }
}

function readSettingFile(variable: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(variable, `names a file that cannot be read (${path})`);
  }
}

function parseIdentities(raw: string | undefined, operatorToken: string | undefined): IdentityConfig[] {
  if (raw === undefined) return [];
  const value = readJsonSetting('SVC_IDENTITIES', raw);
  const err = Value.Errors(IdentitiesConfig, value)[0];
  if (err) throw new ConfigError('SVC_IDENTITIES', `must be an array of {token (16+ chars), seat (no spaces), kind: human|agent, workspace?} (problem at ${err.instancePath || '/'}: ${err.message})`);
  const list = value as IdentityConfig[];
  const tokens = new Set<string>(operatorToken ? [operatorToken] : []);
  for (const id of list) {
    if (tokens.has(id.token)) throw new ConfigError('SVC_IDENTITIES', `repeats a token (seat ${id.seat}); every token names one caller`);
    tokens.add(id.token);
  }
  return list;
}
