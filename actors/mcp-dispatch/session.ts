/**
 * One bounded conversation with one attached server: the egress policy re-checked and the
 * credential resolved first (a missing one fails before anything is sent), then an SDK `Client`
 * over the guarded http fetch or the isolated stdio child, taken from the pool or connected
 * now, the work raced against this call's bounds. Errors leave here as AppErrors only, so the
 * bus never retries a call that went out. Whatever comes back (a result, a tool listing, an
 * error's message) leaves with the credential and the stdio environment this call resolved taken
 * out: a server may echo what it was sent, and no caller, bus message or log line may see it.
 */
import type { PublishedTool } from './definition.js';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { AppError, isAppError } from '../../schemas/errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, mcpSecretLabel, type McpServerConfig } from '../../schemas/mcp.js';
import type { Store } from '../../store/types.js';
import { unseal } from '../../kernel/seal.js';
import { redactor, type Redactor } from '../../kernel/redact.js';
import { attacherOf, checkServer, type EgressPolicy, type Resolver } from './egress.js';
import { Bounds } from './bounds.js';
import { ClientPool, close, fingerprint, poolGroup } from './pool.js';
import { sealedSecret } from './store.js';

export interface SessionDeps {
  readonly policy: EgressPolicy;
  readonly resolver: Resolver;
  readonly readEnv: (name: string) => string | undefined;
  readonly store: Store;
  readonly sessionKey: Buffer | undefined;
  /** Connections kept between calls; without one every call opens and closes its own session. */
  readonly pool?: ClientPool;
}

export interface Target {
  /** Owner scope ('' for boot and operator servers). */
  readonly owner: string;
  readonly config: McpServerConfig;
  readonly runtime: boolean;
}

/** The OAuth side (oauth/flow.ts), loaded when a server that uses OAuth is first called. */
let oauthFlow: Promise<typeof import('./oauth/flow.js')> | undefined;
const oauthSide = () => (oauthFlow ??= import('./oauth/flow.js'));

/** The bearer token the config points at, resolved in the server's owner scope only. */
async function credential(deps: SessionDeps, t: Target): Promise<string | undefined> {
  const auth = t.config.auth;
  if (auth === undefined) return undefined;
  if (auth.kind === 'oauth') return (await oauthSide()).accessToken(deps, t);
  const missing = (what: string) =>
    new AppError('mcp_missing_credential', { detail: t.config.id, message: `server ${t.config.id}: ${what}; nothing was sent` });
  let value: string | undefined;
  if (auth.kind === 'bearer') {
    value = deps.readEnv(auth.tokenEnv);
    if (value === undefined) throw missing(`environment variable ${auth.tokenEnv} is not set`);
  } else {
    const sealed = await sealedSecret(deps.store, t.owner, auth.secretRef);
    if (sealed === undefined) throw missing(`no sealed secret ${auth.secretRef} in the server's scope`);
    if (deps.sessionKey === undefined) throw missing('no SVC_SESSION_KEY to open sealed secrets');
    value = unseal(deps.sessionKey, sealed, mcpSecretLabel(t.owner, auth.secretRef));
    if (value === undefined) throw missing(`sealed secret ${auth.secretRef} does not open under the current key`);
  }
  return value;
}

function childEnv(deps: SessionDeps, names: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const n of names) {
    const v = deps.readEnv(n);
    if (v !== undefined) env[n] = v;
  }
  return env;
}

export function boundsFor(config: McpServerConfig): Bounds {
  return new Bounds(config.id, config.timeoutMs ?? DEFAULT_TIMEOUT_MS, config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
}

function asAppError(err: unknown, server: string, bounds: Bounds): AppError {
  const tripped = bounds.tripped;
  if (tripped && isAppError(tripped)) return tripped;
  if (isAppError(err)) return err;
  if (isAppError((err as { cause?: unknown })?.cause)) return (err as { cause: AppError }).cause;
  const text = String((err as Error)?.message ?? err)
    .split('\n')[0]!
    .slice(0, 200);
  return new AppError('mcp_server_unreachable', { detail: server, message: `server ${server}: ${text}` });
}

/** The same error with the credential out of its message (an SDK error quotes what the server said). */
function redactError(err: AppError, redact: Redactor): AppError {
  const message = redact.text(err.message);
  return message === err.message ? err : new AppError(err.code, { detail: err.detail, message, terminal: err.terminal });
}

/** The SDK's client side (connect.ts), loaded at the first connection this process makes: a worker
 * that never calls an MCP server never loads it. */
let sdkSide: Promise<typeof import('./connect.js')> | undefined;
const clientSide = () => (sdkSide ??= import('./connect.js'));

/**
 * Runs `fn` against a connected client within the server's bounds. Policy first, every time:
 * the egress re-check and the credential come before a connection is taken or made, and the
 * fetch re-resolves and re-checks the host on each request. With a pool, a connection opened
 * with the same config and credential is reused, and kept again only if the call went well.
 * `bounds.wentOut` tells the caller whether anything left.
 */
export async function withClient<T>(
  deps: SessionDeps,
  t: Target,
  bounds: Bounds,
  fn: (client: Client, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  let token: string | undefined;
  try {
    checkServer(deps.policy, t.config, attacherOf(t));
    token = await credential(deps, t);
  } catch (err) {
    // Refused before anything went out: the deadline ends here, not 30 s later.
    bounds.done();
    throw err;
  }
  let headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  // Read per call like the credential; a kept child was spawned with the values read then.
  const env = t.config.transport === 'stdio' ? childEnv(deps, t.config.env ?? []) : {};
  // A refreshed token is redacted along with the one it replaced.
  const previous = [token, ...Object.values(env)];
  let redact = redactor(previous);
  const group = poolGroup(t.owner, t.config.id);
  let key = fingerprint(t.config, headers);
  let conn = deps.pool?.take(group, key);
  const pooled = conn !== undefined;
  try {
    const { connect, sessionGone, unauthorized } = await clientSide();
    if (conn) {
      conn.lease.current = bounds;
      bounds.wentOut = true;
    }
    let out: T;
    try {
      conn ??= await connect(deps, t.config, { headers, env }, bounds);
      out = await bounds.race(fn(conn.client, bounds.signal));
    } catch (err) {
      if (bounds.tripped) throw err;
      if (pooled && conn && sessionGone(err)) {
        // The server forgot the kept session (404 on its session id, MCP says: start a new one).
        // It handled nothing, so the call starts over once on a fresh session.
        await close(conn);
        conn = undefined;
        conn = await connect(deps, t.config, { headers, env }, bounds);
      } else if (t.config.auth?.kind === 'oauth' && unauthorized(err)) {
        // The server refused the access token (revoked or expired early): it handled nothing, so
        // the call starts over once with a refreshed one; a refused refresh is a missing credential.
        if (conn) await close(conn);
        conn = undefined;
        token = await (await oauthSide()).accessToken(deps, t, true);
        headers = { authorization: `Bearer ${token}` };
        redact = redactor([token, ...previous]);
        key = fingerprint(t.config, headers);
        conn = await connect(deps, t.config, { headers, env }, bounds);
      } else throw err;
      out = await bounds.race(fn(conn.client, bounds.signal));
    }
    if (bounds.tripped) throw bounds.tripped;
    if (deps.pool) deps.pool.give(group, key, conn);
    else await close(conn);
    conn = undefined;
    return redact.value(out);
  } catch (err) {
    throw redactError(asAppError(err, t.config.id, bounds), redact);
  } finally {
    bounds.done();
    if (conn) await close(conn);
  }
}

/** Every tool the server publishes (all pages). */
/** Every tool the server publishes, as published (the pinned fields and the rest), across pages. */
export async function listAllTools(client: Client, signal: AbortSignal, timeout: number): Promise<PublishedTool[]> {
  const out: PublishedTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 100; page++) {
    const res = await client.listTools(cursor === undefined ? {} : { cursor }, { signal, timeout });
    out.push(...res.tools);
    cursor = res.nextCursor;
    if (!cursor) break;
  }
  return out;
}
