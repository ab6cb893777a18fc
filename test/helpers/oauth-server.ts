/**
 * A local OAuth 2.1 authorization server and an MCP server it protects, both on 127.0.0.1 and
 * built from the MCP SDK's server-side auth (`mcpAuthRouter`: metadata, dynamic registration, an
 * authorize endpoint that approves at once, PKCE checked at the token endpoint; `requireBearerAuth`
 * in front of `/mcp`). Tokens are short-lived (`tokenSeconds`), refresh tokens rotate, and
 * `revokeAll()` withdraws every grant, as an operator revoking access would. Everything it issued
 * is kept so a test can look for it where it must never appear.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import express from 'express';
import type { Response } from 'express';
import {
  mcpAuthRouter,
  mcpAuthMetadataRouter,
  createOAuthMetadata,
  getOAuthProtectedResourceMetadataUrl,
} from '@modelcontextprotocol/sdk/server/auth/router.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import type { AuthorizationParams, OAuthServerProvider } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { OAuthRegisteredClientsStore } from '@modelcontextprotocol/sdk/server/auth/clients.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import { InvalidGrantError, InvalidTokenError } from '@modelcontextprotocol/sdk/server/auth/errors.js';
import type { OAuthClientInformationFull, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

export interface OAuthFixture {
  /** The protected MCP endpoint. */
  readonly mcpUrl: string;
  readonly mcpPort: number;
  readonly issuer: string;
  readonly asPort: number;
  /** Every secret value it handed out: codes, access and refresh tokens, client secrets. */
  readonly issued: string[];
  /** Requests the authorization server received, as `METHOD path`. */
  readonly asRequests: string[];
  /** Refresh grants it honoured. */
  refreshes(): number;
  /** Tools calls the MCP server served, with the token they carried. */
  readonly toolCalls: { tool: string; token: string }[];
  /** The `resource` each code and refresh grant named. */
  readonly resources: (string | undefined)[];
  /** Withdraws every access and refresh token issued so far. */
  revokeAll(): void;
  /** A client registered ahead of time (for the pre-registered path), its secret included. */
  preRegister(redirectUri: string): OAuthClientInformationFull;
}

interface Grant {
  clientId: string;
  resource: string | undefined;
  scopes: string[];
}

async function listen(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

function closer(server: http.Server) {
  return () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
}

export async function startOAuthFixture(
  t: Test,
  opts: {
    tokenSeconds?: number;
    /** The authorization server the MCP server's metadata names instead of this one. */ advertisedIssuer?: string;
  } = {},
): Promise<OAuthFixture> {
  const tokenSeconds = opts.tokenSeconds ?? 2;
  const secret = (kind: string) => `${kind}_${randomBytes(18).toString('base64url')}`;
  const issued: string[] = [];
  const asRequests: string[] = [];
  const toolCalls: { tool: string; token: string }[] = [];
  const resources: (string | undefined)[] = [];
  const clients = new Map<string, OAuthClientInformationFull>();
  const codes = new Map<string, Grant & { challenge: string; redirectUri: string }>();
  const access = new Map<string, Grant & { expiresAt: number }>();
  const refresh = new Map<string, Grant>();
  let refreshes = 0;

  const clientsStore: OAuthRegisteredClientsStore = {
    getClient: (id) => clients.get(id),
    registerClient: (c) => {
      const full = { ...c, client_id: randomUUID(), client_id_issued_at: Math.floor(Date.now() / 1000) } as OAuthClientInformationFull;
      if (full.client_secret) issued.push(full.client_secret);
      clients.set(full.client_id, full);
      return full;
    },
  };
  const issue = (g: Grant): OAuthTokens => {
    const at = secret('at');
    const rt = secret('rt');
    issued.push(at, rt);
    access.set(at, { ...g, expiresAt: Date.now() + tokenSeconds * 1000 });
    refresh.set(rt, g);
    return { access_token: at, refresh_token: rt, token_type: 'bearer', expires_in: tokenSeconds, scope: g.scopes.join(' ') };
  };
  const provider: OAuthServerProvider = {
    clientsStore,
    async authorize(client: OAuthClientInformationFull, params: AuthorizationParams, res: Response) {
      // Approves at once: the test plays the operator's browser.
      const code = secret('code');
      issued.push(code);
      codes.set(code, {
        clientId: client.client_id,
        challenge: params.codeChallenge,
        redirectUri: params.redirectUri,
        resource: params.resource?.href,
        scopes: params.scopes ?? [],
      });
      const to = new URL(params.redirectUri);
      to.searchParams.set('code', code);
      if (params.state !== undefined) to.searchParams.set('state', params.state);
      res.redirect(to.href);
    },
    async challengeForAuthorizationCode(_client, code) {
      const c = codes.get(code);
      if (!c) throw new InvalidGrantError('unknown code');
      return c.challenge;
    },
    async exchangeAuthorizationCode(client, code, _verifier, redirectUri, resource) {
      const c = codes.get(code);
      codes.delete(code);
      if (!c || c.clientId !== client.client_id || c.redirectUri !== redirectUri) throw new InvalidGrantError('code not valid');
      resources.push(resource?.href);
      return issue({ clientId: c.clientId, resource: resource?.href, scopes: c.scopes });
    },
    async exchangeRefreshToken(client, token, _scopes, resource) {
      const g = refresh.get(token);
      refresh.delete(token); // rotated: good once
      if (!g || g.clientId !== client.client_id) throw new InvalidGrantError('refresh token not valid');
      refreshes++;
      resources.push(resource?.href);
      return issue(g);
    },
    async verifyAccessToken(token): Promise<AuthInfo> {
      const g = access.get(token);
      if (!g) throw new InvalidTokenError('unknown or revoked token');
      return {
        token,
        clientId: g.clientId,
        scopes: g.scopes,
        expiresAt: Math.floor(g.expiresAt / 1000),
        ...(g.resource ? { resource: new URL(g.resource) } : {}),
      };
    },
  };

  // The authorization server.
  const asApp = express();
  const asServer = http.createServer(asApp);
  const asPort = await listen(asServer);
  t.teardown(closer(asServer));
  const issuer = `http://127.0.0.1:${asPort}/`;
  // The MCP server's port comes first so the metadata can name the resource.
  const rsApp = express();
  const rsServer = http.createServer(rsApp);
  const mcpPort = await listen(rsServer);
  t.teardown(closer(rsServer));
  const mcpUrl = `http://127.0.0.1:${mcpPort}/mcp`;

  asApp.use((req: http.IncomingMessage, _res: unknown, next: () => void) => {
    asRequests.push(`${req.method} ${req.url}`);
    next();
  });
  asApp.use(mcpAuthRouter({ provider, issuerUrl: new URL(issuer), scopesSupported: ['tools'], resourceServerUrl: new URL(mcpUrl) }));

  rsApp.use(
    mcpAuthMetadataRouter({
      oauthMetadata: createOAuthMetadata({ provider, issuerUrl: new URL(opts.advertisedIssuer ?? issuer), scopesSupported: ['tools'] }),
      resourceServerUrl: new URL(mcpUrl),
      scopesSupported: ['tools'],
    }),
  );
  rsApp.post(
    '/mcp',
    requireBearerAuth({ verifier: provider, resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(mcpUrl)) }),
    express.json(),
    async (req: http.IncomingMessage & { body?: unknown; auth?: AuthInfo }, res: http.ServerResponse) => {
      const token = req.auth?.token ?? '';
      const mcp = new McpServer({ name: 'oauth-fixture', version: '1.0.0' });
      mcp.server.registerCapabilities({ tools: {} });
      mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [
          { name: 'echo', description: 'echoes its arguments', inputSchema: { type: 'object' as const } },
          { name: 'whoami', description: 'answers the token it was sent', inputSchema: { type: 'object' as const } },
        ],
      }));
      mcp.server.setRequestHandler(CallToolRequestSchema, async (r) => {
        toolCalls.push({ tool: r.params.name, token });
        const text = r.params.name === 'whoami' ? `you sent ${token}` : JSON.stringify(r.params.arguments ?? {});
        return { content: [{ type: 'text' as const, text }] };
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(req, res, req.body);
    },
  );

  return {
    mcpUrl,
    mcpPort,
    issuer,
    asPort,
    issued,
    asRequests,
    refreshes: () => refreshes,
    toolCalls,
    resources,
    revokeAll() {
      access.clear();
      refresh.clear();
    },
    preRegister(redirectUri) {
      const c: OAuthClientInformationFull = {
        client_id: `pre-${randomUUID()}`,
        client_secret: secret('cs'),
        redirect_uris: [redirectUri],
        token_endpoint_auth_method: 'client_secret_basic',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
      };
      issued.push(c.client_secret!);
      clients.set(c.client_id, c);
      return c;
    },
  };
}
