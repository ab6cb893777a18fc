/**
 * NATS_CREDS, NATS_NKEY_SEED, NATS_TOKEN, NATS_USER/NATS_PASSWORD and NATS_TLS_*: checked once at
 * start (an unreadable file or a malformed seed stops the process naming the variable, never
 * printing its value) and turned into the client's own authenticators and TLS options, which
 * every connection to NATS is given. SVC_EVT_MAX_BYTES / SVC_EVT_MAX_AGE are parsed here too.
 */
import { readFileSync } from 'node:fs';
import {
  credsAuthenticator,
  nkeyAuthenticator,
  nkeys,
  tokenAuthenticator,
  usernamePasswordAuthenticator,
  type Authenticator,
  type TlsOptions,
} from '@nats-io/nats-core';
import { ConfigError } from './config-json.js';
import type { NatsAuthKind, NatsConnectOptions, NatsSettings } from '../schemas/config.js';

/** The variables this module reads; the CLI hands over the same names from its environment. */
export interface NatsEnv {
  readonly NATS_CREDS?: string | undefined;
  readonly NATS_NKEY_SEED?: string | undefined;
  readonly NATS_TOKEN?: string | undefined;
  readonly NATS_USER?: string | undefined;
  readonly NATS_PASSWORD?: string | undefined;
  readonly NATS_TLS_CA?: string | undefined;
  readonly NATS_TLS_CERT?: string | undefined;
  readonly NATS_TLS_KEY?: string | undefined;
}

const AUTH_VARIABLES = ['NATS_CREDS', 'NATS_NKEY_SEED', 'NATS_TOKEN', 'NATS_USER'] as const;

export function natsSettings(env: NatsEnv): NatsSettings {
  const set = (v: string | undefined): v is string => v !== undefined && v !== '';
  const given = AUTH_VARIABLES.filter((name) => set(env[name]));
  if (given.length > 1) throw new ConfigError(given[1]!, `cannot be combined with ${given[0]}: set one way to authenticate to NATS`);
  if (set(env.NATS_PASSWORD) && !set(env.NATS_USER)) throw new ConfigError('NATS_PASSWORD', 'is set but NATS_USER is not');
  if (set(env.NATS_USER) && !set(env.NATS_PASSWORD)) throw new ConfigError('NATS_USER', 'is set but NATS_PASSWORD is not');

  let auth: NatsAuthKind = 'none';
  let authenticator: Authenticator | undefined;
  if (set(env.NATS_CREDS)) {
    auth = 'creds';
    authenticator = credsFile(env.NATS_CREDS);
  } else if (set(env.NATS_NKEY_SEED)) {
    auth = 'nkey';
    authenticator = nkeyAuthenticator(userSeed(env.NATS_NKEY_SEED));
  } else if (set(env.NATS_TOKEN)) {
    auth = 'token';
    authenticator = tokenAuthenticator(env.NATS_TOKEN);
  } else if (set(env.NATS_USER) && set(env.NATS_PASSWORD)) {
    auth = 'user';
    authenticator = usernamePasswordAuthenticator(env.NATS_USER, env.NATS_PASSWORD);
  }

  if (set(env.NATS_TLS_CERT) !== set(env.NATS_TLS_KEY))
    throw set(env.NATS_TLS_CERT)
      ? new ConfigError('NATS_TLS_CERT', 'is set but NATS_TLS_KEY is not (a client certificate needs its key)')
      : new ConfigError('NATS_TLS_KEY', 'is set but NATS_TLS_CERT is not');
  const tlsPaths = {
    ...(set(env.NATS_TLS_CA) ? { ca: pemFile('NATS_TLS_CA', env.NATS_TLS_CA) } : {}),
    ...(set(env.NATS_TLS_CERT) ? { cert: pemFile('NATS_TLS_CERT', env.NATS_TLS_CERT) } : {}),
    ...(set(env.NATS_TLS_KEY) ? { key: pemFile('NATS_TLS_KEY', env.NATS_TLS_KEY) } : {}),
  };
  const tls = Object.keys(tlsPaths).length > 0 ? Object.freeze(tlsPaths) : undefined;
  // The files are named rather than read here: the client reads them on every (re)connect, so a
  // renewed certificate is used without a restart. An object, even without a CA, requires TLS.
  const tlsOptions: TlsOptions | undefined =
    tls === undefined
      ? undefined
      : {
          ...(tls.ca === undefined ? {} : { caFile: tls.ca }),
          ...(tls.cert === undefined ? {} : { certFile: tls.cert }),
          ...(tls.key === undefined ? {} : { keyFile: tls.key }),
        };
  const options: NatsConnectOptions = Object.freeze({
    ...(authenticator === undefined ? {} : { authenticator }),
    ...(tlsOptions === undefined ? {} : { tls: tlsOptions }),
  });
  return Object.freeze({ auth, tls, connectOptions: () => options });
}

/** A creds file, re-read on every connect (an operator may rotate it); checked once now. */
function credsFile(path: string): Authenticator {
  let last = readOrFail('NATS_CREDS', path);
  const authenticator = credsAuthenticator(() => {
    try {
      last = readFileSync(path);
    } catch {
      // keep the last good copy: a file being replaced must not fail a reconnect
    }
    return last;
  });
  try {
    // The library parses the file and signs with its seed: a file it cannot use fails here, at start.
    authenticator('check');
  } catch {
    throw new ConfigError('NATS_CREDS', 'names a file that is not a NATS creds file (a user JWT and an nkey seed)');
  }
  return authenticator;
}

/** An inline seed, or the path of a file holding one. */
function userSeed(raw: string): Uint8Array {
  const text = /^S[A-Z2-7]{10,}$/.test(raw.trim()) ? raw.trim() : readSeedFile(raw);
  const seed = new TextEncoder().encode(text);
  let publicKey: string;
  try {
    publicKey = nkeys.fromSeed(seed).getPublicKey();
  } catch {
    throw new ConfigError('NATS_NKEY_SEED', 'is not a valid nkey seed (nor the path of a file holding one)');
  }
  if (!publicKey.startsWith('U')) throw new ConfigError('NATS_NKEY_SEED', 'must be a user seed (SU...), not another kind of nkey');
  return seed;
}

function readSeedFile(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    // The value is either a mistyped seed or a path: neither is echoed.
    throw new ConfigError('NATS_NKEY_SEED', 'is neither a user nkey seed (SU...) nor the path of a readable file holding one');
  }
}

function readOrFail(variable: string, path: string): Buffer {
  try {
    return readFileSync(path);
  } catch {
    throw new ConfigError(variable, `names a file that cannot be read (${path})`);
  }
}

function pemFile(variable: string, path: string): string {
  if (!readOrFail(variable, path).toString('utf8').includes('-----BEGIN '))
    throw new ConfigError(variable, `names a file that is not PEM (${path})`);
  return path;
}

const BYTE_UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };
const MS_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `512MB`, `2G`, `1048576`: bytes, powers of 1024 (as nats-server's own configuration counts). */
export function parseByteSize(variable: string, raw: string): number {
  const m = /^([0-9]+)([KMGT]?)B?$/.exec(raw);
  const n = m ? Number(m[1]) * BYTE_UNITS[m[2]!]! : NaN;
  if (!Number.isSafeInteger(n) || n < 1)
    throw new ConfigError(variable, 'must be a byte count of at least 1 such as 536870912, 512MB or 2G');
  return n;
}

/** `90m`, `12h`, `30d`. */
export function parseDurationMs(variable: string, raw: string, minMs: number): number {
  const m = /^([0-9]+)(ms|s|m|h|d)$/.exec(raw);
  const n = m ? Number(m[1]) * MS_UNITS[m[2]!]! : NaN;
  if (!Number.isSafeInteger(n) || n < minMs)
    throw new ConfigError(variable, `must be a duration of at least ${minMs} ms such as 90m, 12h or 30d`);
  return n;
}
