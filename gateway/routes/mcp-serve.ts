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
 */
import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, onRequestHookHandler } from 'fastify';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError, isAppError } from '../../schemas/errors.js';
import type { ListedTool } from '../../schemas/mcp.js';
import { clientOf } from '../../bus/verbs.js';
import { VERSION } from '../../runtime/version.js';
import type { Caller } from '../../identity/caller.js';
import type { GatewayDeps } from '../types.js';
import { CALL_TIMEOUT_MS, callerOf } from './mcp.js';
import { bearerChallenge, MCP_RESOURCE_METADATA_PATH, RESOURCE_METADATA_PATH, resourceMetadata } from '../mcp-resource.js';
import { ProtectedResourceMetadata } from '../../schemas/mcp.js';

/** MCP requires an object schema; a server that published something else is shown as a free-form object. */
function inputSchema(s: unknown): Tool['inputSchema'] {
  return s !== null && typeof s === 'object' && (s as { type?: unknown }).type === 'object'
    ? (s as Tool['inputSchema'])
    : { type: 'object' };
}

function asTool(t: ListedTool): Tool {
  return {
    name: t.name,
    ...(t.description ? { description: t.description } : {}),
    inputSchema: inputSchema(t.inputSchema),
    annotations: t.annotations,
    _meta: { 'svc/kind': t.kind, ...(t.server ? { 'svc/server': t.server } : {}), ...(t.mode ? { 'svc/mode': t.mode } : {}) },
  };
}

function toolError(err: AppError): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: `${err.wireCode}: ${err.message}` }], _meta: { 'svc/error': err.wireCode } };
}

/**
 * The JSON-RPC error the SDK sends for what a handler throws: its `code`, `message` and `data`.
 * A plain error, since an `McpError` already carries "MCP error <code>:" in its message and the
 * client's SDK adds that again.
 */
function unknownTool(name: string, err: AppError): Error {
  return Object.assign(new Error(`unknown tool: ${name}`), { code: ErrorCode.InvalidParams, data: { 'svc/error': err.wireCode } });
}

/** A Server builds a fresh Ajv (about 0.3 ms) unless given one; the per-POST servers share this one. */
const validator = new AjvJsonSchemaValidator();

function mcpServer(deps: GatewayDeps, caller: Caller, traceId: string): Server {
  const server = new Server({ name: 'svc', version: VERSION }, { capabilities: { tools: {} }, jsonSchemaValidator: validator });
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const reply = await clientOf(deps.bus, 'mcp').tools({ caller }, { traceId, timeoutMs: 30_000 });
    // This endpoint has no ask surface, so a write in mode ask could only ever be refused: not listed.
    return { tools: reply.tools.filter((x) => x.mode !== 'ask').map(asTool) };
  });
  server.setRequestHandler(CallToolRequestSchema, async (r): Promise<CallToolResult> => {
    try {
      const out = await clientOf(deps.bus, 'mcp').call.request(
        {
          name: r.params.name,
          arguments: r.params.arguments ?? {},
          seat: caller.seat,
          ...(caller.workspace === undefined ? {} : { workspace: caller.workspace }),
          askSurface: false,
          caller,
        },
        { traceId, timeoutMs: CALL_TIMEOUT_MS },
      );
      if (out.status === 'ask_required')
        return toolError(new AppError('mcp_mode_denied', { detail: `${out.server}.${out.tool}:ask_unavailable` }));
      // A tool's own error stays the tool result it is (isError, its content), named like the others.
      const failed = out.status === 'tool_error' ? { 'svc/error': `mcp_tool_error:${out.server}.${out.tool}` } : {};
      const result = (out.result ?? {}) as CallToolResult;
      return {
        ...result,
        content: Array.isArray(result.content) ? result.content : [],
        _meta: { ...result._meta, 'svc/untrusted': out.untrusted, ...failed },
      };
    } catch (err) {
      if (isAppError(err) && err.code === 'unknown_external_mcp_tool') throw unknownTool(r.params.name, err);
      if (isAppError(err)) return toolError(err);
      throw err;
    }
  });
  return server;
}

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

export const mcpServeRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const onRequest = browserOrigin(deps);
  const onError = bearerChallenge;
  app.post(
    '/mcp',
    {
      onRequest,
      onError,
      schema: { tags: ['mcp'], summary: 'the orchestrator as an MCP server (Streamable HTTP, stateless, JSON-RPC body)' },
    },
    async (req, reply) => {
      const caller = callerOf(req);
      const server = mcpServer(deps, caller, traceIdOf(req));
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
    },
  );
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
