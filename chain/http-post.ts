/**
 * A JSON-RPC body posted over node:http (or https) on kept-alive connections, answered as parsed
 * JSON. A chain write makes three or four requests in a row and Node's fetch spends several times
 * node:http's CPU on each (its web streams, a Request and a Response per call), which on a busy
 * machine is time the write waits for. Failures are viem's own error types, so they read exactly
 * as through viem's HTTP client: `HttpRequestError` (with the status when the server answered
 * one), `TimeoutError`.
 */
import http from 'node:http';
import https from 'node:https';
import { HttpRequestError, TimeoutError } from 'viem';

/** An answer larger than this is refused rather than held in memory (viem's own default). */
const MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** An idle kept-alive connection is closed after this, well before a server or a load balancer
 * in front of it would close it under a request. */
const IDLE_MS = 4_000;

export interface HttpPostOptions {
  readonly timeoutMs: number;
  /** Sent with every request (basic auth taken out of the URL). */
  readonly headers?: Record<string, string> | undefined;
}

export type HttpPost = (body: unknown) => Promise<unknown>;

export function httpPost(url: string, opts: HttpPostOptions): HttpPost {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  const agent = new lib.Agent({ keepAlive: true, timeout: IDLE_MS });
  const target = {
    protocol: u.protocol,
    hostname: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port,
    path: `${u.pathname}${u.search}`,
    method: 'POST',
    agent,
  };
  const once = (body: unknown, retry: boolean): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const text = JSON.stringify(body);
      let settled = false;
      const done = (err: Error | undefined, value?: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(value);
      };
      const req = lib.request({
        ...target,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...opts.headers },
      });
      const timer = setTimeout(() => {
        done(new TimeoutError({ body: body as Record<string, unknown>, url }));
        req.destroy();
      }, opts.timeoutMs);
      req.on('error', (cause: NodeJS.ErrnoException) => {
        // A kept-alive connection the server closed as this request left on it: the request never
        // reached it, so it goes once more on a new connection.
        if (retry && req.reusedSocket && cause.code === 'ECONNRESET' && !settled) {
          settled = true;
          clearTimeout(timer);
          resolve(once(body, false));
          return;
        }
        done(new HttpRequestError({ body: body as Record<string, unknown>, cause, url }));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > MAX_RESPONSE_BYTES) {
            done(
              new HttpRequestError({ body: body as Record<string, unknown>, details: 'response too large', status: res.statusCode, url }),
            );
            req.destroy();
          } else chunks.push(c);
        });
        res.on('error', (cause) => done(new HttpRequestError({ body: body as Record<string, unknown>, cause, url })));
        res.on('end', () => {
          const answer = Buffer.concat(chunks).toString('utf8');
          const status = res.statusCode ?? 0;
          if (status < 200 || status > 299)
            return done(new HttpRequestError({ body: body as Record<string, unknown>, details: answer, status, url }));
          try {
            done(undefined, JSON.parse(answer));
          } catch (cause) {
            done(new HttpRequestError({ body: body as Record<string, unknown>, cause: cause as Error, details: 'not JSON', status, url }));
          }
        });
      });
      req.end(text);
    });
  return (body) => once(body, true);
}
