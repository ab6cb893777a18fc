/**
 * A new connection to an attached MCP server through the SDK's client (Streamable HTTP through
 * the egress-guarded fetch, or a bounded stdio child), for session.ts, which loads this module
 * only when a connection is first needed.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { VERSION } from '../../runtime/version.js';
import type { Bounds } from './bounds.js';
import { guardedFetch } from './http-fetch.js';
import { Lease, close, type Pooled } from './pool.js';
import { BoundedStdioTransport } from './stdio.js';
import type { EgressPolicy, Resolver } from './egress.js';
import type { McpServerConfig } from '../../schemas/mcp.js';

/** The server forgot a kept session: 404 on its session id. */
export function sessionGone(err: unknown): boolean {
  return err instanceof StreamableHTTPError && err.code === 404;
}

/** The server refused the credential sent (401): it handled nothing. */
export function unauthorized(err: unknown): boolean {
  return err instanceof StreamableHTTPError && err.code === 401;
}

export async function connect(
  egress: { policy: EgressPolicy; resolver: Resolver },
  config: McpServerConfig,
  sent: { headers: Record<string, string>; env: Record<string, string> },
  bounds: Bounds,
): Promise<Pooled> {
  const lease = new Lease();
  lease.current = bounds;
  let transport: Transport;
  if (config.transport === 'http') {
    transport = new StreamableHTTPClientTransport(new URL(config.url!), {
      fetch: guardedFetch(egress.policy, egress.resolver, () => lease.current),
      requestInit: { headers: sent.headers },
      reconnectionOptions: { maxRetries: 0, initialReconnectionDelay: 1000, maxReconnectionDelay: 1000, reconnectionDelayGrowFactor: 1 },
    });
  } else {
    transport = new BoundedStdioTransport({
      server: config.id,
      command: config.command!,
      args: config.args ?? [],
      env: sent.env,
      lease,
      maxBytes: bounds.maxBytes,
    });
  }
  const conn: Pooled = { client: new Client({ name: 'svc', version: VERSION }, { capabilities: {} }), lease, dead: false };
  conn.client.onclose = () => {
    conn.dead = true;
  };
  try {
    await bounds.race(conn.client.connect(transport, { signal: bounds.signal, timeout: bounds.timeoutMs + 1000 }));
  } catch (err) {
    await close(conn);
    throw err;
  }
  return conn;
}
