/**
 * Real MCP servers for tests: an SDK `McpServer` behind `StreamableHTTPServerTransport` on
 * 127.0.0.1 (stateless, one server object per request) that records every request it sees, and
 * the stdio fixture script. A tool named `endless` streams a body that never ends (to prove the
 * byte bound is enforced while reading). `/moved` answers 307 to `/mcp` (a same-origin redirect).
 * ECHO_AUTH_TOOLS hand back the Authorization header each request carried, every way a server
 * could (result, structured content, tool error, JSON-RPC error, HTTP error body, tool listing),
 * to prove a credential never comes back out of the orchestrator.
 */
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Test } from 'tap';
import { repoPath } from './paths.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const STDIO_FIXTURE = repoPath('test/fixtures/mcp-stdio-server.mjs');

/** What the request that reached the fake carried, for tools that echo it. */
export interface FakeRequest {
  readonly authorization: string | undefined;
}

export interface FakeTool {
  name: string;
  description?: string | ((r: FakeRequest) => string);
  /** Published as the tool's inputSchema; default `{type: 'object'}`. */
  inputSchema?: Record<string, unknown>;
  run?: (args: Record<string, unknown>, r: FakeRequest) => Promise<CallToolResult> | CallToolResult;
}

export interface SeenRequest {
  readonly httpMethod: string;
  readonly rpcMethod: string | undefined;
  readonly tool: string | undefined;
  readonly authorization: string | undefined;
  /** The request's `params._meta` (a caller's trace context travels there). */
  readonly meta?: Record<string, unknown> | undefined;
}

export interface FakeHttpMcp {
  readonly url: string;
  readonly port: number;
  readonly seen: SeenRequest[];
  /** Names of tools/call requests that reached the server. */
  calls(): string[];
  setTools(tools: FakeTool[]): void;
  close(): Promise<void>;
}

const text = (s: string): CallToolResult => ({ content: [{ type: 'text', text: s }] });

export const DEFAULT_TOOLS: FakeTool[] = [
  { name: 'echo', description: 'echoes its arguments', run: (a) => text(JSON.stringify(a)) },
  { name: 'create_issue', description: 'a write', run: () => text('created') },
  { name: 'delete_repo', description: 'a dangerous write', run: () => text('deleted') },
  {
    name: 'slow',
    description: 'answers after 5 s',
    run: async () => {
      await new Promise((r) => setTimeout(r, 5000));
      return text('late');
    },
  },
  { name: 'big', description: 'answers 2 MB', run: () => text('y'.repeat(2 * 1024 * 1024)) },
  { name: 'endless', description: 'a body that never ends' },
];

/** Answered with HTTP 500 and a plain-text body naming the request's Authorization. */
const HTTP_ERROR_ECHO = 'whoami_http_error';

export const ECHO_AUTH_TOOLS: FakeTool[] = [
  {
    name: 'whoami',
    description: (r) => `lists as ${r.authorization}`,
    run: (_a, r) => ({
      content: [
        { type: 'text', text: `you sent ${r.authorization}` },
        { type: 'text', text: JSON.stringify({ header: r.authorization }) },
      ],
      structuredContent: {
        seen: { header: r.authorization, all: [r.authorization, { deeper: r.authorization }] },
        [String(r.authorization)]: 'as a key',
      },
    }),
  },
  { name: 'whoami_is_error', run: (_a, r) => ({ ...text(`refused for ${r.authorization}`), isError: true }) },
  {
    name: 'whoami_throws',
    run: (_a, r) => {
      throw new Error(`cannot serve ${r.authorization}`);
    },
  },
  { name: HTTP_ERROR_ECHO },
];

export interface HttpMcpOptions {
  requireAuth?: string;
  /** Registers more on each request's server (resources, templates, prompts, completions) before it connects. */
  register?: (mcp: McpServer) => void;
}

export async function startHttpMcp(t: Test, tools: FakeTool[] = DEFAULT_TOOLS, opts: HttpMcpOptions = {}): Promise<FakeHttpMcp> {
  let current = tools;
  const seen: SeenRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer(async (req, res) => {
    if (req.url === '/moved') {
      req.resume();
      res.writeHead(307, { location: '/mcp' }).end();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    let body: any;
    try {
      body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    } catch {
      body = undefined;
    }
    const rpcMethod = typeof body?.method === 'string' ? body.method : undefined;
    const tool = rpcMethod === 'tools/call' ? body.params?.name : undefined;
    const meta =
      typeof body?.params?._meta === 'object' && body.params._meta !== null ? (body.params._meta as Record<string, unknown>) : undefined;
    seen.push({ httpMethod: req.method ?? '', rpcMethod, tool, authorization: req.headers.authorization, ...(meta ? { meta } : {}) });
    if (opts.requireAuth !== undefined && req.headers.authorization !== opts.requireAuth) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    if (tool === HTTP_ERROR_ECHO) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(`no entry for ${req.headers.authorization}`);
      return;
    }
    if (tool === 'endless') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const pump = setInterval(() => res.write(`data: ${'z'.repeat(16 * 1024)}\n`), 1);
      timers.add(pump);
      res.on('close', () => {
        clearInterval(pump);
        timers.delete(pump);
      });
      return;
    }
    const fr: FakeRequest = { authorization: req.headers.authorization };
    const mcp = new McpServer({ name: 'fixture-http', version: '1.0.0' });
    mcp.server.registerCapabilities({ tools: {} });
    opts.register?.(mcp);
    mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: current.map((x) => {
        const description = typeof x.description === 'function' ? x.description(fr) : x.description;
        return {
          name: x.name,
          ...(description ? { description } : {}),
          inputSchema: { type: 'object' as const, ...x.inputSchema },
        };
      }),
    }));
    mcp.server.setRequestHandler(CallToolRequestSchema, async (r) => {
      const found = current.find((x) => x.name === r.params.name);
      if (!found) return { ...text(`no tool ${r.params.name}`), isError: true };
      return found.run ? found.run(r.params.arguments ?? {}, fr) : text(`ran ${found.name}`);
    });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const fake: FakeHttpMcp = {
    url: `http://127.0.0.1:${port}/mcp`,
    port,
    seen,
    calls: () => seen.filter((s) => s.tool !== undefined).map((s) => s.tool!),
    setTools: (list) => {
      current = list;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const tm of timers) clearInterval(tm);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  t.teardown(() => fake.close());
  return fake;
}

export interface StatefulHttpMcp {
  readonly url: string;
  readonly seen: SeenRequest[];
  /** Forgets every session, as a restarted or expiring server does: their ids then answer 404. */
  forget(): void;
}

/** An SDK server with sessions (`Mcp-Session-Id`), one transport per session; tool `echo`. */
export async function startStatefulHttpMcp(t: Test): Promise<StatefulHttpMcp> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
  const seen: SeenRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString()) : undefined;
    const rpcMethod = typeof body?.method === 'string' ? body.method : undefined;
    seen.push({
      httpMethod: req.method ?? '',
      rpcMethod,
      tool: rpcMethod === 'tools/call' ? body.params?.name : undefined,
      authorization: req.headers.authorization,
    });
    const id = req.headers['mcp-session-id'];
    let transport = typeof id === 'string' ? sessions.get(id) : undefined;
    if (typeof id === 'string' && !transport) {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32001, message: 'Session not found' }, id: null }));
      return;
    }
    if (!transport) {
      const created = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        enableJsonResponse: true,
        onsessioninitialized: (sid) => {
          sessions.set(sid, created);
        },
      });
      const mcp = new McpServer({ name: 'fixture-stateful', version: '1.0.0' });
      mcp.server.registerCapabilities({ tools: {} });
      mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: [{ name: 'echo', inputSchema: { type: 'object' as const } }],
      }));
      mcp.server.setRequestHandler(CallToolRequestSchema, async (r) => text(JSON.stringify(r.params.arguments ?? {})));
      await mcp.connect(created);
      transport = created;
    }
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(
    () =>
      new Promise<void>((resolve) => {
        for (const s of sessions.values()) void s.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`,
    seen,
    forget: () => {
      for (const s of sessions.values()) void s.close();
      sessions.clear();
    },
  };
}
