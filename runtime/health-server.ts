/**
 * `svc worker` has no HTTP API, yet an orchestrator must probe and scrape it. This listener, on
 * its own port (SVC_WORKER_HEALTH_PORT), answers GET /health, /livez and /readyz with the same
 * bodies and status rules as the gateway's routes, and GET /metrics (kernel/metrics.ts) behind the
 * operator's bearer token unless SVC_METRICS_PUBLIC=1; nothing else.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Health, Readiness } from '../schemas/health.js';
import { AppError } from '../schemas/errors.js';
import { CONTENT_TYPE, exposition } from '../kernel/metrics.js';

export interface HealthServerOptions {
  readonly readiness: () => Promise<Readiness>;
  /** undefined: no /metrics here (SVC_METRICS=0). */
  readonly metrics: { readonly public: boolean; readonly token: string | undefined } | undefined;
}

const digest = (s: string): Buffer => createHash('sha256').update(s).digest();

/** The operator's token, compared in constant time; with no token configured only a public /metrics is served. */
function tokenCheck(token: string | undefined): (req: IncomingMessage) => boolean {
  if (token === undefined) return () => false;
  const want = digest(token);
  return (req) => {
    const m = /^Bearer ([^\s]+)$/i.exec(String(req.headers.authorization ?? '').trim());
    return m !== null && timingSafeEqual(digest(m[1]!), want);
  };
}

export interface HealthServer {
  readonly url: string;
  close(): Promise<void>;
}

export async function startHealthServer(
  health: () => Promise<Health>,
  port: number,
  host: string | undefined,
  opts: HealthServerOptions,
): Promise<HealthServer> {
  const authorized = tokenCheck(opts.metrics?.token);
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
      res.end(JSON.stringify(body));
    };
    const failed = () => send(500, new AppError('internal_error').toResponseObject());
    const path = req.url?.split('?')[0] ?? '';
    if (req.method !== 'GET' || !['/health', '/livez', '/readyz', ...(opts.metrics ? ['/metrics'] : [])].includes(path)) {
      return send(
        404,
        new AppError('not_found', {
          message: `no route ${req.method} ${path} (this port serves GET /health, /livez, /readyz${opts.metrics ? ' and /metrics' : ''} only)`,
        }).toResponseObject(),
      );
    }
    if (path === '/livez') return send(200, { live: true });
    if (path === '/readyz') return void opts.readiness().then((r) => send(r.ready ? 200 : 503, r), failed);
    if (path === '/metrics') {
      if (!opts.metrics?.public && !authorized(req)) return send(401, new AppError('unauthorized').toResponseObject());
      return void exposition().then((text) => {
        res.writeHead(200, { 'content-type': CONTENT_TYPE, 'cache-control': 'no-store' });
        res.end(text);
      }, failed);
    }
    health().then((body) => send(body.status === 'ok' ? 200 : 503, body), failed);
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
