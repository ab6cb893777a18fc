/**
 * The CLI is a thin client of the HTTP API. Any refusal becomes one line on stderr and a
 * non-zero exit; nothing is retried behind the user's back.
 */
import { CliError } from './errors.js';
import { resolveTarget, type Target, type TargetFlags } from './context.js';
import type { NatsEnv } from '../runtime/nats-config.js';

export { CliError } from './errors.js';

export interface ClientEnv {
  /** The API's base URL: --url, SVC_URL, the context's, or the default (cli/context.ts). */
  readonly url: string;
  /** Sent as the bearer token; never printed. */
  readonly token: string | undefined;
  readonly natsUrl: string | undefined;
  /** NATS_CREDS, NATS_NKEY_SEED, NATS_TOKEN, NATS_USER/NATS_PASSWORD, NATS_TLS_*: checked only
   * by the commands that connect to NATS (runtime/nats-config.ts). */
  readonly natsEnv: NatsEnv;
  readonly busPrefix: string;
}

/**
 * The client's target, resolved on first use from `flags()` (the parsed global options) and the
 * environment, so process roles (`svc serve`) never read the CLI's config file.
 */
export function clientEnv(env: NodeJS.ProcessEnv, flags: () => TargetFlags = () => ({})): ClientEnv {
  let target: Target | undefined;
  const resolved = () => (target ??= resolveTarget(flags(), env));
  return {
    get url() {
      return resolved().url;
    },
    get token() {
      return resolved().token;
    },
    natsUrl: env.NATS_URL || undefined,
    natsEnv: {
      NATS_CREDS: env.NATS_CREDS,
      NATS_NKEY_SEED: env.NATS_NKEY_SEED,
      NATS_TOKEN: env.NATS_TOKEN,
      NATS_USER: env.NATS_USER,
      NATS_PASSWORD: env.NATS_PASSWORD,
      NATS_TLS_CA: env.NATS_TLS_CA,
      NATS_TLS_CERT: env.NATS_TLS_CERT,
      NATS_TLS_KEY: env.NATS_TLS_KEY,
    },
    busPrefix: env.SVC_BUS_PREFIX || 'svc',
  };
}

export async function api<T = unknown>(
  env: ClientEnv,
  method: string,
  path: string,
  body?: unknown,
  extraHeaders: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...extraHeaders };
  if (env.token) headers.authorization = `Bearer ${env.token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(env.url + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  } catch (err) {
    throw new CliError(`cannot reach ${env.url}: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`);
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    throw new CliError(`${method} ${path}: HTTP ${res.status} with a body that is not JSON`);
  }
  return { status: res.status, body: parsed as T };
}

/** Throws a one-line CliError unless the answer is 2xx. */
export async function apiOk<T = unknown>(env: ClientEnv, method: string, path: string, body?: unknown): Promise<T> {
  const res = await api<T>(env, method, path, body);
  if (res.status >= 200 && res.status < 300) return res.body;
  // A wait that ran out is most often a command nobody consumes: say which, instead of only "timeout".
  throw refused(res, method, path, res.status === 504 ? await idleActorsHint(env) : '');
}

/** Actors /health reports with no live consumer. */
export async function idleActors(env: ClientEnv): Promise<string[]> {
  const h = await api<{ actors?: Record<string, { live: boolean }> }>(env, 'GET', '/health').catch(() => undefined);
  return Object.entries(h?.body?.actors ?? {})
    .filter(([, a]) => !a.live)
    .map(([name]) => name);
}

async function idleActorsHint(env: ClientEnv): Promise<string> {
  const idle = await idleActors(env);
  return idle.length === 0 ? '' : `; no worker is consuming ${idle.join(', ')} (start \`svc worker\`)`;
}

/** The one-line error of a refused request: the API's code and message. */
export function refused(res: { status: number; body: unknown }, method: string, path: string, hint = ''): CliError {
  const err = res.body as { error?: string; message?: string } | undefined;
  return new CliError(`${err?.error ?? `http_${res.status}`}: ${err?.message ?? `${method} ${path} answered ${res.status}`}${hint}`);
}
