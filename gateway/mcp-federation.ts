/**
 * Resources, resource templates, prompts and completions of attached servers on `/mcp`: each
 * request is one rpc to the `mcp` actor, which decides what the seat may see and talks to the
 * server (actors/mcp-dispatch/handlers/federation.ts). A refusal is a JSON-RPC error, invalid params
 * (`-32602`) with `data: {"svc/error": "<code>"}`, since these methods have no result that could
 * carry it; a server that failed is an internal error (`-32603`) with the same data.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CompleteRequestSchema,
  ErrorCode,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ReadResourceRequestSchema,
  type CompleteResult,
  type GetPromptResult,
  type ListPromptsResult,
  type ListResourcesResult,
  type ListResourceTemplatesResult,
  type ReadResourceResult,
} from '@modelcontextprotocol/sdk/types.js';
import { isAppError } from '../schemas/errors.js';
import { clientOf } from '../bus/verbs.js';
import type { Caller } from '../identity/caller.js';
import type { GatewayDeps } from './types.js';
import { CALL_TIMEOUT_MS } from './routes/mcp.js';

export const FEDERATED_CAPABILITIES = { resources: {}, prompts: {}, completions: {}, logging: {} } as const;

function rpcError(err: unknown): unknown {
  if (!isAppError(err)) return err;
  return Object.assign(new Error(`${err.wireCode}: ${err.message}`), {
    code: err.status < 500 ? ErrorCode.InvalidParams : ErrorCode.InternalError,
    data: { 'svc/error': err.wireCode },
  });
}

export function serveFederated(server: Server, deps: GatewayDeps, caller: Caller, traceId: string): void {
  const mcp = clientOf(deps.bus, 'mcp');
  const opts = { traceId, timeoutMs: CALL_TIMEOUT_MS };
  const guarded = async <T>(fn: () => Promise<unknown>): Promise<T> => {
    try {
      return (await fn()) as T;
    } catch (err) {
      throw rpcError(err);
    }
  };
  server.setRequestHandler(ListResourcesRequestSchema, () => guarded<ListResourcesResult>(() => mcp.resources.request({ caller }, opts)));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () =>
    guarded<ListResourceTemplatesResult>(() => mcp.resourceTemplates.request({ caller }, opts)),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (r) =>
    guarded<ReadResourceResult>(() => mcp.readResource.request({ caller, uri: r.params.uri }, opts)),
  );
  server.setRequestHandler(ListPromptsRequestSchema, () => guarded<ListPromptsResult>(() => mcp.prompts.request({ caller }, opts)));
  server.setRequestHandler(GetPromptRequestSchema, (r) =>
    guarded<GetPromptResult>(() =>
      mcp.getPrompt.request({ caller, name: r.params.name, ...(r.params.arguments ? { arguments: r.params.arguments } : {}) }, opts),
    ),
  );
  server.setRequestHandler(CompleteRequestSchema, (r) =>
    guarded<CompleteResult>(() =>
      mcp.complete.request(
        {
          caller,
          request: {
            ref:
              r.params.ref.type === 'ref/prompt'
                ? { type: 'ref/prompt', name: r.params.ref.name }
                : { type: 'ref/resource', uri: r.params.ref.uri },
            argument: r.params.argument,
            ...(r.params.context ? { context: r.params.context } : {}),
          },
        },
        opts,
      ),
    ),
  );
}
