/**
 * `svc worker` has no HTTP API, yet an orchestrator must probe it. This listener answers only
 * GET /health with the same body and status rules as the gateway's route (503 when NATS or the
 * database is down), on its own port (SVC_WORKER_HEALTH_PORT), and nothing else.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Health } from '../schemas/health.js';
import { AppError } from '../schemas/errors.js';

export interface HealthServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startHealthServer(health: () => Promise<Health>, port: number, host: string | undefined): Promise<HealthServer> {
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/health') {
      return send(
        404,
        new AppError('not_found', {
          message: `no route ${req.method} ${req.url?.split('?')[0] ?? ''} (this port serves GET /health only)`,
        }).toResponseObject(),
      );
    }
    health().then(
      (body) => send(body.status === 'ok' ? 200 : 503, body),
      () => send(500, new AppError('internal_error').toResponseObject()),
    );
  });
  const bound = await listen(server, port, host);
  return {
    url: `http://${bound.family === 'IPv6' ? `[${bound.address}]` : bound.address}:${bound.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

async function listen(server: Server, port: number, host: string | undefined): Promise<AddressInfo> {
  const attempt = (h: string) =>
    new Promise<AddressInfo>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, h, () => {
        server.off('error', reject);
        resolve(server.address() as AddressInfo);
      });
    });
  if (host !== undefined) return attempt(host);
  try {
    return await attempt('::');
  } catch (err) {
    // A kernel without IPv6 cannot bind '::'; every IPv4 interface is the next best.
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EAFNOSUPPORT' && code !== 'EADDRNOTAVAIL') throw err;
    return attempt('0.0.0.0');
  }
}
