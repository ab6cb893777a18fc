/**
 * Where an OAuth grant and a pending login live: sealed (AES-256-GCM under SVC_SESSION_KEY) in the
 * sealed-secret rows, under refs no secret can take (a secret's ref has no `:`), so they are never
 * listed, replaced or cleared through `/mcp/secrets`. A grant is bound to `(owner, server)` by its
 * label, so a sealed grant copied to another scope or server does not open. A pending login is
 * found by its state alone (the callback has nothing else), keyed by the state's hash in the
 * operator's namespace; taking it deletes it, so a state is good once.
 */
import { createHash } from 'node:crypto';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import type { OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import { seal, unseal } from '../../../kernel/seal.js';
import type { Store } from '../../../store/types.js';
import { deleteSecret, putSecret, sealedSecret } from '../store.js';

export interface Grant {
  /** The endpoint the grant was made for: a server re-attached elsewhere needs a new login. */
  readonly url: string;
  /** The redirect URI the client was registered with and the code was sent to. */
  readonly redirectUri: string;
  /** A dynamically registered client (a pre-registered one comes from the server config). */
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /** Epoch ms when the tokens were saved and when the access token expires (when the server said). */
  issuedAt?: number;
  expiresAt?: number;
  discovery?: OAuthDiscoveryState;
}

export interface Pending {
  readonly owner: string;
  readonly server: string;
  readonly url: string;
  readonly redirectUri: string;
  readonly verifier: string;
  /** A client registered during this login, kept until the code is exchanged. */
  readonly client?: OAuthClientInformationMixed;
  readonly discovery?: OAuthDiscoveryState;
  readonly expiresAt: number;
}

const grantRef = (server: string) => `oauth-grant:${server}`;
const grantLabel = (owner: string, server: string) => `mcp-oauth-grant:${owner}/${server}`;
const stateHash = (state: string) => createHash('sha256').update(state).digest('base64url');
const stateRef = (state: string) => `oauth-state:${stateHash(state)}`;
const stateLabel = (state: string) => `mcp-oauth-state:${stateHash(state)}`;

/** A grant as stored, with the envelope it was read from (a conditional delete compares it). */
export interface StoredGrant {
  readonly grant: Grant;
  readonly sealed: string;
}

export async function readGrant(store: Store, key: Buffer, owner: string, server: string): Promise<StoredGrant | undefined> {
  const sealed = await sealedSecret(store, owner, grantRef(server));
  if (sealed === undefined) return undefined;
  const text = unseal(key, sealed, grantLabel(owner, server));
  return text === undefined ? undefined : { grant: JSON.parse(text) as Grant, sealed };
}

export async function writeGrant(store: Store, key: Buffer, owner: string, server: string, grant: Grant): Promise<string> {
  const sealed = seal(key, JSON.stringify(grant), grantLabel(owner, server));
  await putSecret(store, owner, grantRef(server), sealed, '');
  return sealed;
}

export async function deleteGrant(store: Store, owner: string, server: string): Promise<boolean> {
  return (await deleteSecret(store, owner, grantRef(server))) !== undefined;
}

/** Drops the grant only while it is still the one read as `sealed` (another worker may have refreshed it since). */
export async function deleteGrantIfUnchanged(store: Store, owner: string, server: string, sealed: string): Promise<void> {
  if ((await sealedSecret(store, owner, grantRef(server))) === sealed) await deleteGrant(store, owner, server);
}

export async function putPending(store: Store, key: Buffer, state: string, p: Pending): Promise<void> {
  await putSecret(store, '', stateRef(state), seal(key, JSON.stringify(p), stateLabel(state)), '');
}

/** The pending login of `state`, taken: of two callbacks with one state, only one gets it. */
export async function takePending(store: Store, key: Buffer, state: string): Promise<Pending | undefined> {
  const sealed = await sealedSecret(store, '', stateRef(state));
  if (sealed === undefined) return undefined;
  if ((await deleteSecret(store, '', stateRef(state))) === undefined) return undefined;
  const text = unseal(key, sealed, stateLabel(state));
  return text === undefined ? undefined : (JSON.parse(text) as Pending);
}

/** Whether a secret ref is one of these records (kept out of the secret listing). */
export const isOAuthRecord = (ref: string): boolean => ref.startsWith('oauth-grant:') || ref.startsWith('oauth-state:');
