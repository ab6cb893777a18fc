/**
 * OAuth 2.1 for an attached server, through the SDK's client auth (`auth()`): a login that answers
 * the authorization URL, the callback's code exchange, and the access token a call sends, refreshed
 * before it expires. Every request of the flow (protected resource and authorization server
 * metadata, registration, token) goes through the egress-guarded fetch, so a refused host is
 * refused before anything is sent to it, and the authorization URL itself must pass the policy
 * before it is handed out. Tokens are only ever held here and in the sealed grant: no answer,
 * log line or bus message carries one.
 */
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { AppError, isAppError } from '../../../schemas/errors.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, mcpSecretLabel, type McpServerConfig } from '../../../schemas/mcp.js';
import type { LoginReply } from '../../../schemas/mcp-oauth.js';
import { unseal } from '../../../kernel/seal.js';
import { redactor } from '../../../kernel/redact.js';
import { Bounds } from '../bounds.js';
import { checkUrl } from '../egress.js';
import { guardedFetch } from '../http-fetch.js';
import { sealedSecret } from '../store.js';
import type { EgressPolicy, Resolver } from '../egress.js';
import type { Store } from '../../../store/types.js';
import { GrantProvider } from './provider.js';
import { deleteGrantIfUnchanged, putPending, readGrant, takePending, writeGrant, type Grant, type StoredGrant } from './records.js';

type OAuthAuth = Extract<McpServerConfig['auth'], { kind: 'oauth' }>;

/** What the flow needs of a session's deps (session.ts loads this module; it imports nothing back). */
export interface SessionDeps {
  readonly policy: EgressPolicy;
  readonly resolver: Resolver;
  readonly store: Store;
  readonly sessionKey: Buffer | undefined;
}

/** A server as a call or a login names it: its owner scope and its config. */
export interface Target {
  readonly owner: string;
  readonly config: McpServerConfig;
}

/** How long an operator has between login and callback. */
const LOGIN_TTL_MS = 10 * 60_000;

function oauthOf(config: McpServerConfig): OAuthAuth {
  if (config.auth?.kind !== 'oauth')
    throw new AppError('invalid_request', { message: `server ${config.id} does not use OAuth (auth.kind is not "oauth")` });
  return config.auth;
}

function keyOf(deps: SessionDeps): Buffer {
  if (deps.sessionKey === undefined) throw new AppError('sealing_key_unavailable');
  return deps.sessionKey;
}

const missing = (server: string, what: string) =>
  new AppError('mcp_missing_credential', { detail: server, message: `server ${server}: ${what}; nothing was sent` });

/** The configured client, its secret unsealed from the server owner's scope. */
async function preRegistered(deps: SessionDeps, t: Target, a: OAuthAuth) {
  if (a.clientId === undefined) return undefined;
  if (a.clientSecretRef === undefined) return { client_id: a.clientId };
  const sealed = await sealedSecret(deps.store, t.owner, a.clientSecretRef);
  const secret = sealed === undefined ? undefined : unseal(keyOf(deps), sealed, mcpSecretLabel(t.owner, a.clientSecretRef));
  if (secret === undefined) throw missing(t.config.id, `no sealed client secret ${a.clientSecretRef} opens in the server's scope`);
  return { client_id: a.clientId, client_secret: secret };
}

/**
 * Runs `fn` with the guarded fetch under bounds of its own (the server's timeout and byte limit),
 * and remembers the first policy refusal: the SDK swallows some fetch errors (a failed refresh),
 * and a refusal must still be told as one.
 */
async function withFetch<T>(
  deps: SessionDeps,
  config: McpServerConfig,
  fn: (f: FetchLike, refusal: () => AppError | undefined) => Promise<T>,
) {
  const bounds = new Bounds(config.id, config.timeoutMs ?? DEFAULT_TIMEOUT_MS, config.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES);
  const inner = guardedFetch(deps.policy, deps.resolver, () => bounds, { get: true });
  let refused: AppError | undefined;
  const f: FetchLike = async (input, init) => {
    try {
      return await inner(input, init);
    } catch (err) {
      if (isAppError(err) && err.code === 'mcp_egress_refused') refused ??= err;
      throw err;
    }
  };
  try {
    return await bounds.race(fn(f, () => refused));
  } finally {
    bounds.done();
  }
}

/** Anything the SDK threw, as an AppError whose message carries none of the given values. */
function flowError(err: unknown, server: string, values: (string | undefined)[]): AppError {
  if (isAppError(err)) return err;
  const text = String((err as Error)?.message ?? err)
    .split('\n')[0]!
    .slice(0, 300);
  return new AppError('mcp_server_unreachable', { detail: server, message: redactor(values).text(`server ${server}: OAuth: ${text}`) });
}

function withTokens(grant: Grant, p: GrantProvider, now: number): Grant {
  const tokens = p.savedTokens!;
  return {
    ...grant,
    tokens,
    issuedAt: now,
    ...(tokens.expires_in === undefined ? { expiresAt: undefined } : { expiresAt: now + tokens.expires_in * 1000 }),
    ...(p.discovery ? { discovery: p.discovery } : {}),
  };
}

/**
 * Starts the authorization code flow: discovery and (without a configured client) registration
 * happen now, through the policy; the PKCE verifier and any new client wait sealed under the
 * state's hash until the callback. A grant already held stays in use until the new one arrives.
 */
export async function startLogin(deps: SessionDeps, t: Target, redirectUri: string): Promise<LoginReply> {
  const a = oauthOf(t.config);
  const key = keyOf(deps);
  const client = await preRegistered(deps, t, a);
  const held = await readGrant(deps.store, key, t.owner, t.config.id);
  const reuse = held && held.grant.url === t.config.url && held.grant.redirectUri === redirectUri ? held.grant : undefined;
  const p = new GrantProvider({
    redirectUri,
    scope: a.scope,
    preRegistered: client,
    client: reuse?.client,
    tokens: undefined,
    discovery: reuse?.discovery,
  });
  let result: string;
  try {
    result = await withFetch(deps, t.config, (fetchFn) =>
      auth(p, { serverUrl: t.config.url!, fetchFn, ...(a.scope ? { scope: a.scope } : {}) }),
    );
  } catch (err) {
    throw flowError(err, t.config.id, [client?.client_secret, p.client?.client_secret]);
  }
  if (result !== 'REDIRECT' || p.authorizationUrl === undefined || p.verifier === undefined)
    throw new AppError('mcp_server_unreachable', {
      detail: t.config.id,
      message: `server ${t.config.id}: OAuth: no authorization step was offered`,
    });
  // The operator's browser goes there, not svc; it must still be a host the policy allows.
  checkUrl(deps.policy, p.authorizationUrl.href);
  const expiresAt = Date.now() + LOGIN_TTL_MS;
  await putPending(deps.store, key, p.stateValue, {
    owner: t.owner,
    server: t.config.id,
    url: t.config.url!,
    redirectUri,
    verifier: p.verifier,
    ...(p.registered && p.client ? { client: p.client } : reuse?.client ? { client: reuse.client } : {}),
    ...(p.discovery ? { discovery: p.discovery } : {}),
    expiresAt,
  });
  return { server: t.config.id, authorizationUrl: p.authorizationUrl.href, redirectUri, expiresAt: new Date(expiresAt).toISOString() };
}

/**
 * The callback: the state is taken (good once, and only before it expires), the code opened, and
 * exchanged with the PKCE verifier for tokens, which are sealed into the server's grant.
 */
export async function finishLogin(
  deps: SessionDeps,
  state: string,
  sealedCode: string,
  code: (sealed: string) => string | undefined,
  find: (owner: string, server: string) => Promise<Target | undefined>,
): Promise<{ server: string; owner: string }> {
  const key = keyOf(deps);
  const unknown = () =>
    new AppError('invalid_request', { message: 'this authorization state is unknown, was already used or has expired' });
  const pending = await takePending(deps.store, key, state);
  if (pending === undefined || pending.expiresAt < Date.now()) throw unknown();
  const t = await find(pending.owner, pending.server);
  if (t === undefined || t.config.auth?.kind !== 'oauth' || t.config.url !== pending.url)
    throw new AppError('invalid_request', {
      message: `server ${pending.server} was detached or changed since the login started; log in again`,
    });
  const a = t.config.auth;
  const authorizationCode = code(sealedCode);
  if (authorizationCode === undefined) throw unknown();
  const client = await preRegistered(deps, t, a);
  const p = new GrantProvider({
    redirectUri: pending.redirectUri,
    scope: a.scope,
    preRegistered: client,
    client: pending.client,
    tokens: undefined,
    verifier: pending.verifier,
    discovery: pending.discovery,
  });
  try {
    await withFetch(deps, t.config, (fetchFn) => auth(p, { serverUrl: t.config.url!, authorizationCode, fetchFn }));
  } catch (err) {
    throw flowError(err, t.config.id, [authorizationCode, client?.client_secret, p.client?.client_secret]);
  }
  if (p.savedTokens === undefined)
    throw new AppError('mcp_server_unreachable', {
      detail: t.config.id,
      message: `server ${t.config.id}: OAuth: the token endpoint issued no tokens`,
    });
  const grant: Grant = { url: pending.url, redirectUri: pending.redirectUri, ...(p.client && !client ? { client: p.client } : {}) };
  await writeGrant(deps.store, key, t.owner, t.config.id, withTokens(grant, p, Date.now()));
  return { server: t.config.id, owner: t.owner };
}

/** Refresh a little before expiry: a quarter of the token's life, at most a minute. */
function due(g: Grant, now: number): boolean {
  if (g.expiresAt === undefined) return false;
  const life = g.expiresAt - (g.issuedAt ?? g.expiresAt);
  return now >= g.expiresAt - Math.min(60_000, life / 4);
}

const usable = (g: Grant | undefined, url: string | undefined): g is Grant & { tokens: NonNullable<Grant['tokens']> } =>
  g !== undefined && g.url === url && g.tokens !== undefined;

/** Refreshes in flight per owner and server: two calls at once refresh once (a rotated refresh token is good once). */
const inFlight = new Map<string, Promise<string>>();

async function refresh(deps: SessionDeps, t: Target, held: StoredGrant, force: boolean): Promise<string> {
  const id = t.config.id;
  const a = oauthOf(t.config);
  const key = keyOf(deps);
  const client = await preRegistered(deps, t, a);
  const g = held.grant;
  const p = new GrantProvider({
    redirectUri: g.redirectUri,
    scope: a.scope,
    preRegistered: client,
    client: g.client,
    tokens: g.tokens,
    discovery: g.discovery,
    refreshOnly: true,
  });
  let refused: AppError | undefined;
  try {
    await withFetch(deps, t.config, async (fetchFn, refusal) => {
      await auth(p, { serverUrl: t.config.url!, fetchFn });
      refused = refusal();
    });
  } catch (err) {
    throw flowError(err, id, [g.tokens?.access_token, g.tokens?.refresh_token, client?.client_secret]);
  }
  if (p.savedTokens !== undefined) {
    await writeGrant(deps.store, key, t.owner, id, withTokens(g, p, Date.now()));
    return p.savedTokens.access_token;
  }
  if (refused) throw refused;
  // Another worker may have refreshed first (its rotation made ours stale): use what it stored.
  const now = await readGrant(deps.store, key, t.owner, id);
  if (now && now.sealed !== held.sealed && usable(now.grant, t.config.url) && !due(now.grant, Date.now()))
    return now.grant.tokens.access_token;
  if (p.tokensRefused) {
    await deleteGrantIfUnchanged(deps.store, t.owner, id, held.sealed);
    throw missing(id, `the authorization server refused the grant (revoked or expired): log in again with \`svc mcp login ${id}\``);
  }
  if (!g.tokens?.refresh_token && (force || (g.expiresAt ?? Infinity) <= Date.now()))
    throw missing(id, `the access token expired and there is no refresh token: log in again with \`svc mcp login ${id}\``);
  if (!force && (g.expiresAt ?? Infinity) > Date.now()) return g.tokens!.access_token;
  throw missing(id, 'the access token could not be refreshed');
}

/**
 * The access token a call sends: the stored one, refreshed first when it is about to expire or
 * when `force` (the server answered 401 to it).
 */
export async function accessToken(deps: SessionDeps, t: Target, force = false): Promise<string> {
  const id = t.config.id;
  if (deps.sessionKey === undefined) throw missing(id, 'no SVC_SESSION_KEY to open the OAuth grant');
  const held = await readGrant(deps.store, deps.sessionKey, t.owner, id);
  if (held === undefined || !usable(held.grant, t.config.url))
    throw missing(id, `not authorized: run \`svc mcp login ${id}\` (POST /mcp/servers/${id}/login)`);
  if (!force && !due(held.grant, Date.now())) return held.grant.tokens.access_token;
  const group = `${t.owner}/${id}`;
  let running = inFlight.get(group);
  if (running === undefined) {
    running = refresh(deps, t, held, force).finally(() => inFlight.delete(group));
    inFlight.set(group, running);
  }
  return running;
}
