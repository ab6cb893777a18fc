/**
 * `/mcp` as an OAuth protected resource, the way MCP clients discover how to authenticate: a 401
 * names the resource metadata document in `WWW-Authenticate`, and that document (served without
 * the token, at the root well-known path and at its `/mcp`-suffixed form) describes `/mcp` as the
 * resource, taking bearer tokens in the Authorization header. svc runs no authorization server:
 * its tokens are SVC_ORCH_TOKEN and the SVC_IDENTITIES tokens, so the document names none.
 * The URLs are built from the request's own scheme and Host, i.e. the address the client used.
 */
import type { FastifyRequest, onErrorHookHandler } from 'fastify';
import { isAppError } from '../schemas/errors.js';
import type { ProtectedResourceMetadata } from '../schemas/mcp.js';

export const RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource';
export const MCP_RESOURCE_METADATA_PATH = `${RESOURCE_METADATA_PATH}/mcp`;

/** Only the characters a host and port are made of: the Host header is the client's to write, and it ends up inside a quoted header value. */
export function origin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host.replace(/[^A-Za-z0-9.:[\]-]/g, '')}`;
}

export function resourceMetadata(req: FastifyRequest): ProtectedResourceMetadata {
  return { resource: `${origin(req)}/mcp`, resource_name: 'svc', bearer_methods_supported: ['header'] };
}

/**
 * A refusal for a missing or wrong token gets the challenge; a request that carried a token learns
 * it was refused (`invalid_token`), one that carried none is only told where to look.
 */
export const bearerChallenge: onErrorHookHandler = (req, reply, err, done) => {
  if (isAppError(err) && err.code === 'unauthorized') {
    const refused = req.headers.authorization === undefined ? '' : 'error="invalid_token", ';
    void reply.header('www-authenticate', `Bearer ${refused}resource_metadata="${origin(req)}${MCP_RESOURCE_METADATA_PATH}"`);
  }
  done();
};
