/**
 * The SDK's OAuthClientProvider over one server's grant, held in memory for one SDK `auth()` run:
 * the SDK does discovery, registration, PKCE, the resource indicator, the code exchange and the
 * refresh, and this records what it hands back. Nothing here touches the network or the store:
 * the flow (flow.ts) reads the grant before and writes what changed after, sealed.
 */
import { randomBytes } from 'node:crypto';
import type { OAuthClientProvider, OAuthDiscoveryState } from '@modelcontextprotocol/sdk/client/auth.js';
import type { OAuthClientInformationMixed, OAuthClientMetadata, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';

export interface ProviderInit {
  readonly redirectUri: string;
  readonly scope: string | undefined;
  /** The configured client (id and unsealed secret); absent: register dynamically. */
  readonly preRegistered: OAuthClientInformationMixed | undefined;
  readonly client: OAuthClientInformationMixed | undefined;
  readonly tokens: OAuthTokens | undefined;
  readonly verifier?: string;
  readonly discovery: OAuthDiscoveryState | undefined;
  /** A refresh before a call: whatever the SDK meets, nothing is registered or discovered anew. */
  readonly refreshOnly?: boolean;
}

export class GrantProvider implements OAuthClientProvider {
  client: OAuthClientInformationMixed | undefined;
  tokens_: OAuthTokens | undefined;
  discovery: OAuthDiscoveryState | undefined;
  verifier: string | undefined;
  /** Set by the SDK's calls: what changed in this run. */
  savedTokens: OAuthTokens | undefined;
  registered = false;
  /** The SDK gave up on the stored tokens (the authorization server refused them). */
  tokensRefused = false;
  authorizationUrl: URL | undefined;
  readonly stateValue = randomBytes(32).toString('base64url');

  constructor(private readonly init: ProviderInit) {
    this.client = init.client;
    this.tokens_ = init.tokens;
    this.discovery = init.discovery;
    this.verifier = init.verifier;
  }

  get redirectUrl(): string {
    return this.init.redirectUri;
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: 'svc',
      redirect_uris: [this.init.redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
      ...(this.init.scope === undefined ? {} : { scope: this.init.scope }),
    };
  }

  state(): string {
    return this.stateValue;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    return this.init.preRegistered ?? this.client;
  }

  saveClientInformation(info: OAuthClientInformationMixed): void {
    // A configured client is not ours to replace; the SDK only stamps it with its issuer.
    if (this.init.preRegistered) return;
    this.client = info;
    this.registered = true;
  }

  tokens(): OAuthTokens | undefined {
    return this.tokens_;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.tokens_ = tokens;
    this.savedTokens = tokens;
  }

  redirectToAuthorization(url: URL): void {
    this.authorizationUrl = url;
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (this.verifier === undefined) throw new Error('no PKCE code verifier for this flow');
    return this.verifier;
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all' || scope === 'tokens') {
      this.tokens_ = undefined;
      this.tokensRefused = true;
    }
    if (this.init.refreshOnly) return;
    if ((scope === 'all' || scope === 'client') && !this.init.preRegistered) this.client = undefined;
    if (scope === 'all' || scope === 'discovery') this.discovery = undefined;
  }

  saveDiscoveryState(state: OAuthDiscoveryState): void {
    this.discovery = state;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.discovery;
  }
}
