/**
 * Resources, resource templates, prompts and completions of attached servers on `/mcp`: each
 * request is one rpc to the `mcp` actor, which decides what the seat may see and talks to the
 * server (actors/mcp-dispatch/handlers/federation.ts). A refusal is a JSON-RPC error, invalid params
 * (`-32602`) with `data: {"svc/error": "<code>"}`, since these methods have no result that could
 * carry it; a server that failed is an internal error (`-32603`) with the same data.
 *
 * A single-server endpoint (`/mcp/servers/:server/mcp`) asks the very same verbs and only maps at
 * this edge: it keeps that server's items and gives them back their own names and URIs (kept by
 * the actor in `_meta`), and moves what the client sends into svc's namespace before asking.
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
import { externalName } from '../schemas/mcp-names.js';
import { parseSvcUri, svcUri } from '../schemas/mcp-uri.js';
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

type Item = Record<string, unknown>;
type Listed = { [k: string]: unknown };

/** How names and URIs cross this edge: svc's namespace on `/mcp`, one server's own on its endpoint. */
interface Edge {
  list<T extends Listed>(items: readonly T[], field: string, original: string): T[];
  uriIn(uri: string): string;
  promptIn(name: string): string;
  uriOut(uri: string): string;
}

const svcEdge: Edge = { list: (items) => [...items], uriIn: (u) => u, promptIn: (n) => n, uriOut: (u) => u };

function serverEdge(id: string): Edge {
  const meta = (x: Listed) => (x._meta ?? {}) as Item;
  return {
    list: (items, field, original) =>
      items
        .filter((x) => meta(x)['svc/server'] === id && typeof meta(x)[original] === 'string')
        .map((x) => ({ ...x, [field]: meta(x)[original] })),
    uriIn: (uri) => svcUri(id, uri),
    promptIn: (name) => externalName(id, name),
    uriOut: (uri) => {
      const p = parseSvcUri(uri);
      return p && p.server === id ? p.uri : uri;
    },
  };
}

/** Resource URIs inside a prompt's messages, given back to the edge's namespace. */
function contentOut(edge: Edge, c: unknown): unknown {
  if (c === null || typeof c !== 'object') return c;
  const x = c as Item;
  if (x.type === 'resource_link' && typeof x.uri === 'string') return { ...x, uri: edge.uriOut(x.uri) };
  const r = x.resource as Item | undefined;
  if (x.type === 'resource' && r && typeof r.uri === 'string') return { ...x, resource: { ...r, uri: edge.uriOut(r.uri) } };
  return c;
}

/** `only`: serve that one server under its own names and URIs (the caller may see it: the route checked). */
export function serveFederated(server: Server, deps: GatewayDeps, caller: Caller, traceId: string, only?: string): void {
  const mcp = clientOf(deps.bus, 'mcp');
  const edge = only === undefined ? svcEdge : serverEdge(only);
  const opts = { traceId, timeoutMs: CALL_TIMEOUT_MS };
  const guarded = async <T>(fn: () => Promise<unknown>): Promise<T> => {
    try {
      return (await fn()) as T;
    } catch (err) {
      throw rpcError(err);
    }
  };
  server.setRequestHandler(ListResourcesRequestSchema, () =>
    guarded<ListResourcesResult>(async () => {
      const r = await mcp.resources.request({ caller }, opts);
      return { resources: edge.list(r.resources, 'uri', 'svc/uri') };
    }),
  );
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () =>
    guarded<ListResourceTemplatesResult>(async () => {
      const r = await mcp.resourceTemplates.request({ caller }, opts);
      return { resourceTemplates: edge.list(r.resourceTemplates, 'uriTemplate', 'svc/uriTemplate') };
    }),
  );
  server.setRequestHandler(ReadResourceRequestSchema, (r) =>
    guarded<ReadResourceResult>(async () => {
      const out = await mcp.readResource.request({ caller, uri: edge.uriIn(r.params.uri) }, opts);
      return { ...out, contents: out.contents.map((c) => ({ ...c, uri: edge.uriOut(c.uri) })) };
    }),
  );
  server.setRequestHandler(ListPromptsRequestSchema, () =>
    guarded<ListPromptsResult>(async () => {
      const r = await mcp.prompts.request({ caller }, opts);
      return { prompts: edge.list(r.prompts, 'name', 'svc/prompt') };
    }),
  );
  server.setRequestHandler(GetPromptRequestSchema, (r) =>
    guarded<GetPromptResult>(async () => {
      const out = await mcp.getPrompt.request(
        { caller, name: edge.promptIn(r.params.name), ...(r.params.arguments ? { arguments: r.params.arguments } : {}) },
        opts,
      );
      return { ...out, messages: out.messages.map((m) => ({ ...(m as Item), content: contentOut(edge, (m as Item).content) })) };
    }),
  );
  server.setRequestHandler(CompleteRequestSchema, (r) =>
    guarded<CompleteResult>(() =>
      mcp.complete.request(
        {
          caller,
          request: {
            ref:
              r.params.ref.type === 'ref/prompt'
                ? { type: 'ref/prompt', name: edge.promptIn(r.params.ref.name) }
                : { type: 'ref/resource', uri: edge.uriIn(r.params.ref.uri) },
            argument: r.params.argument,
            ...(r.params.context ? { context: r.params.context } : {}),
          },
        },
        opts,
      ),
    ),
  );
}
