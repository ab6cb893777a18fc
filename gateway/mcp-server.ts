/**
 * The MCP SDK side of `/mcp` (routes/mcp-serve.ts): a stateless SDK `Server` whose list and call
 * go through the `mcp` actor. Loaded by the route on its first request, so a gateway that is
 * never asked over MCP never loads the SDK.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { AppError, isAppError } from '../schemas/errors.js';
import type { ListedTool } from '../schemas/mcp.js';
import { clientOf } from '../bus/verbs.js';
import { VERSION } from '../runtime/version.js';
import type { Caller } from '../identity/caller.js';
import type { GatewayDeps } from './types.js';
import { CALL_TIMEOUT_MS } from './routes/mcp.js';
import { FEDERATED_CAPABILITIES, serveFederated } from './mcp-federation.js';
import { externalName } from '../schemas/mcp-names.js';

export { StreamableHTTPServerTransport };

/** MCP requires an object schema; a server that published something else is shown as a free-form object. */
function inputSchema(s: unknown): Tool['inputSchema'] {
  return s !== null && typeof s === 'object' && (s as { type?: unknown }).type === 'object'
    ? (s as Tool['inputSchema'])
    : { type: 'object' };
}

function asTool(t: ListedTool, name = t.name): Tool {
  return {
    name,
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

/**
 * `only` set: the single-server endpoint of that attached server. Its tools keep their own names
 * (svc's `svc_*` tools are not served there) and are called under their svc name, through the same
 * verbs; resource subscriptions are accepted (`{}`) but no update is forwarded, as nothing here
 * outlives the request.
 */
export function mcpServer(deps: GatewayDeps, caller: Caller, traceId: string, only?: string): Server {
  const server = new Server(
    { name: only === undefined ? 'svc' : `svc/${only}`, version: VERSION },
    {
      capabilities: { tools: {}, ...FEDERATED_CAPABILITIES, ...(only === undefined ? {} : { resources: { subscribe: true } }) },
      jsonSchemaValidator: validator,
    },
  );
  serveFederated(server, deps, caller, traceId, only);
  if (only !== undefined) {
    server.setRequestHandler(SubscribeRequestSchema, () => ({}));
    server.setRequestHandler(UnsubscribeRequestSchema, () => ({}));
  }
  server.setRequestHandler(ListToolsRequestSchema, async () => {
    const reply = await clientOf(deps.bus, 'mcp').tools({ caller }, { traceId, timeoutMs: 30_000 });
    // This endpoint has no ask surface, so a write in mode ask could only ever be refused: not listed.
    const callable = reply.tools.filter((x) => x.mode !== 'ask');
    if (only === undefined) return { tools: callable.map((t) => asTool(t)) };
    return {
      tools: callable.filter((t) => t.kind === 'external' && t.server === only && t.tool !== undefined).map((t) => asTool(t, t.tool)),
    };
  });
  server.setRequestHandler(CallToolRequestSchema, async (r): Promise<CallToolResult> => {
    try {
      const out = await clientOf(deps.bus, 'mcp').call.request(
        {
          name: only === undefined ? r.params.name : externalName(only, r.params.name),
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
