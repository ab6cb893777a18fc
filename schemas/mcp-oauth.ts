/**
 * OAuth 2.1 for attached servers: the login and callback bodies and answers (docs/mcp.md "OAuth").
 * No token ever appears here: the login answers the authorization URL the operator opens, and the
 * callback carries the authorization code sealed by the gateway, so the bus sees no cleartext.
 */
import { Type, type Static } from 'typebox';
import { DiscoveryResult } from './mcp.js';

export const LoginReply = Type.Object({
  server: Type.String(),
  /** Where the operator's browser goes to authorize svc; it comes back to `/mcp/oauth/callback`. */
  authorizationUrl: Type.String(),
  /** The redirect URI svc registered or sent (a pre-registered client must list it). */
  redirectUri: Type.String(),
  /** The flow must complete before this instant (ISO 8601); its state is single use. */
  expiresAt: Type.String(),
});
export type LoginReply = Static<typeof LoginReply>;

/** What an authorization server sends back (RFC 6749 4.1.2, RFC 9207 `iss`, and the usual extras). */
export const CallbackQuery = Type.Object(
  {
    code: Type.Optional(Type.String({ maxLength: 4096 })),
    state: Type.Optional(Type.String({ maxLength: 512 })),
    error: Type.Optional(Type.String({ maxLength: 256 })),
    error_description: Type.Optional(Type.String({ maxLength: 2048 })),
    error_uri: Type.Optional(Type.String({ maxLength: 2048 })),
    iss: Type.Optional(Type.String({ maxLength: 2048 })),
    scope: Type.Optional(Type.String({ maxLength: 2048 })),
    session_state: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  { additionalProperties: false },
);
export type CallbackQuery = Static<typeof CallbackQuery>;

export const CallbackReply = Type.Object({
  server: Type.String(),
  authorized: Type.Literal(true),
  /** The server's tools listed with the new grant (every new tool still starts blocked). */
  discovery: DiscoveryResult,
});
export type CallbackReply = Static<typeof CallbackReply>;

/** The label an authorization code is sealed under between the gateway and the mcp actor. */
export function oauthCodeLabel(state: string): string {
  return `mcp-oauth-code:${state}`;
}

/** The callback's path, under the gateway's origin. */
export const OAUTH_CALLBACK_PATH = '/mcp/oauth/callback';
