/**
 * `/mcp`: the orchestrator is itself an MCP server (Streamable HTTP, stateless: one SDK `Server`
 * and transport per POST). The gateway's bearer auth has already run (`req.caller`), and both
 * list and call go through the `mcp` actor on the bus exactly like `GET /mcp/tools` and
 * `POST /mcp/call`, so the allowlist, write modes, bounds and audit are the same ones. There is
 * no ask surface here: an ask-mode write is not listed, and a call of one is refused
 * `mcp_mode_denied:<server>.<tool>:ask_unavailable`.
 * A name no tool answers to is a protocol error (JSON-RPC invalid params, as MCP asks of an unknown
 * tool); every other refusal or failure the actor names is a tool result with `isError: true`, so
 * the model sees why the tool it chose did not run.
 *
 * `/mcp/servers/:id/mcp` is the same endpoint narrowed to one attached server the caller may see,
 * under that server's own tool and prompt names and resource URIs (a client that expects exact
 * names, such as a conformance suite, can talk to it). The same caller, the same verbs, so the
 * same allowlist, kill switch, quarantine, audit, egress and redaction; a server the caller may not
 * see is answered like one that does not exist.
 */
import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { clientOf } from '../../bus/verbs.js';
import { ServerRef } from '../../schemas/mcp.js';
import { AppError } from '../../schemas/errors.js';
import type { GatewayDeps } from '../types.js';
import { CALL_TIMEOUT_MS, callerOf } from './mcp.js';
import { bearerChallenge, MCP_RESOURCE_METADATA_PATH, RESOURCE_METADATA_PATH, resourceMetadata } from '../mcp-resource.js';
import { ProtectedResourceMetadata } from '../../schemas/mcp.js';

/** Stateless mode has no server-initiated stream and no session to delete. */
function notAllowed(reply: FastifyReply) {
  return reply
    .code(405)
    .header('allow', 'POST')
    .send({ jsonrpc: '2.0', error: { code: -32000, message: 'method not allowed: this MCP endpoint is stateless (POST only)' }, id: null });
}

/**
 * DNS-rebinding protection beyond the token: the SDK's transport option compares Host and Origin
 * with exact strings, port included (and is deprecated for middleware), so the gateway checks
 * instead. An open API already refuses a non-localhost Host or Origin on every route
 * (gateway/localhost.ts); with a token, a browser page may reach /mcp only from an origin the
 * CORS policy lists, since a token kept in a browser must not be usable from any page.
 */
function browserOrigin(deps: GatewayDeps): onRequestHookHandler {
  const allowed = new Set(deps.config.corsOrigins);
  return (req, _reply, done) => {
    const origin = req.headers.origin;
    if (deps.config.token === undefined || origin === undefined || allowed.has(origin)) return done();
    done(
      new AppError('origin_not_allowed', {
        message: 'this browser origin is not listed in SVC_ORCH_CORS_ORIGINS, so it may not call /mcp',
      }),
    );
  };
}

/** The SDK side, imported on the first request and shared by the later ones. */
let sdkSide: Promise<typeof import('../mcp-server.js')> | undefined;

export const mcpServeRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const onRequest = browserOrigin(deps);
  const onError = bearerChallenge;
  /** One stateless exchange: a fresh SDK server (all of svc, or only `only`) and transport for this POST. */
  const serve = async (req: FastifyRequest, reply: FastifyReply, only?: string) => {
    const caller = callerOf(req);
    const { mcpServer, StreamableHTTPServerTransport } = await (sdkSide ??= import('../mcp-server.js'));
    const server = mcpServer(deps, caller, traceIdOf(req), only);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.setHeader('x-request-id', req.id);
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req.raw, reply.raw, req.body);
    } catch (err) {
      req.log.error({ err }, 'mcp endpoint failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
      if (!reply.raw.writableEnded)
        reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'internal error' }, id: null }));
    }
  };
  /** Before anything is served: a server this caller may not see is one that does not exist. */
  const visible = async (req: FastifyRequest, id: string) => {
    const { servers } = await clientOf(deps.bus, 'mcp').list(
      { caller: callerOf(req) },
      { traceId: traceIdOf(req), timeoutMs: CALL_TIMEOUT_MS },
    );
    if (!servers.some((s) => s.id === id))
      throw new AppError('unknown_external_mcp_tool', { detail: id, message: `no server ${id} is visible to this caller` });
  };
  app.post(
    '/mcp',
    {
      onRequest,
      onError,
      schema: { tags: ['mcp'], summary: 'the orchestrator as an MCP server (Streamable HTTP, stateless, JSON-RPC body)' },
    },
    (req, reply) => serve(req, reply),
  );
  app.post(
    '/mcp/servers/:id/mcp',
    {
      onRequest,
      onError,
      schema: {
        tags: ['mcp'],
        summary:
          "one attached server as an MCP server under its own names and URIs: its allowed tools, resources, prompts and completions, through /mcp's rules (Streamable HTTP, stateless, JSON-RPC body)",
        params: ServerRef,
      },
    },
    async (req, reply) => {
      await visible(req, req.params.id);
      return serve(req, reply, req.params.id);
    },
  );
  for (const method of ['GET', 'DELETE'] as const)
    app.route({
      method,
      url: '/mcp/servers/:id/mcp',
      onRequest,
      onError,
      schema: { hide: true, params: ServerRef },
      handler: async (req, reply) => {
        await visible(req, (req.params as { id: string }).id);
        return notAllowed(reply);
      },
    });
  app.get('/mcp', { onRequest, onError, schema: { hide: true } }, async (_req, reply) => notAllowed(reply));
  app.delete('/mcp', { onRequest, onError, schema: { hide: true } }, async (_req, reply) => notAllowed(reply));
  for (const path of [MCP_RESOURCE_METADATA_PATH, RESOURCE_METADATA_PATH])
    app.get(
      path,
      {
        config: { public: true },
        schema: {
          tags: ['mcp'],
          summary: 'OAuth protected resource metadata of /mcp, named by the WWW-Authenticate of its 401 (no token needed)',
          security: [],
          response: { 200: ProtectedResourceMetadata },
        },
      },
      async (req) => resourceMetadata(req),
    );
};
