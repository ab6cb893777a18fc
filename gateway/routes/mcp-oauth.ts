/**
 * OAuth login for attached servers (docs/mcp.md "OAuth"): `POST /mcp/servers/:id/login` answers the
 * authorization URL to open, and `GET /mcp/oauth/callback` is where the authorization server sends
 * the browser back. The callback needs no svc token (the single-use state names the flow); the
 * code it carries is sealed here, so the bus never sees it in clear, and no token ever comes back.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import { ServerRef } from '../../schemas/mcp.js';
import { CallbackQuery, CallbackReply, LoginReply, OAUTH_CALLBACK_PATH, oauthCodeLabel } from '../../schemas/mcp-oauth.js';
import { seal } from '../../kernel/seal.js';
import { clientOf } from '../../bus/verbs.js';
import { traceIdOf } from '../tracing.js';
import { origin } from '../mcp-resource.js';
import type { GatewayDeps } from '../types.js';
import { CALL_TIMEOUT_MS, callerOf } from './mcp.js';

const E = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  424: ErrorBody,
  502: ErrorBody,
  503: ErrorBody,
  504: ErrorBody,
};
const tags = ['mcp'];

export const mcpOAuthRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const mcp = clientOf(deps.bus, 'mcp');

  app.post(
    '/mcp/servers/:id/login',
    {
      schema: {
        tags,
        summary:
          'start the OAuth authorization code flow (PKCE) for a server attached with auth.kind "oauth": open authorizationUrl; the browser comes back to /mcp/oauth/callback',
        params: ServerRef,
        response: { 200: LoginReply, ...E },
      },
    },
    async (req) => {
      if (deps.config.sessionKey === undefined) throw new AppError('sealing_key_unavailable');
      const redirectUri = `${origin(req)}${OAUTH_CALLBACK_PATH}`;
      return mcp.oauthLogin(
        { caller: callerOf(req), id: req.params.id, redirectUri },
        { traceId: traceIdOf(req), timeoutMs: CALL_TIMEOUT_MS },
      );
    },
  );

  app.get(
    OAUTH_CALLBACK_PATH,
    {
      config: { public: true },
      // Its URL carries the authorization code: the request log lines (info) would write it down.
      logLevel: 'warn',
      schema: {
        tags,
        summary: "the OAuth redirect target: exchanges the code for the server's grant (state checked, single use); no token needed",
        security: [],
        querystring: CallbackQuery,
        response: { 200: CallbackReply, ...E },
      },
    },
    async (req) => {
      const { code, state, error } = req.query;
      if (error !== undefined)
        throw new AppError('invalid_request', {
          message: `the authorization server refused: ${error.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 64)}`,
        });
      if (code === undefined || state === undefined || code === '' || state === '')
        throw new AppError('invalid_request', { message: 'the callback needs code and state' });
      const key = deps.config.sessionKey;
      if (key === undefined) throw new AppError('sealing_key_unavailable');
      const sealedCode = seal(key, code, oauthCodeLabel(state));
      return mcp.oauthCallback({ state, sealedCode }, { traceId: traceIdOf(req), timeoutMs: CALL_TIMEOUT_MS });
    },
  );
};
