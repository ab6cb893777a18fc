/**
 * The only way an http MCP server is reached: a fetch for the SDK's Streamable HTTP transport,
 * built on node:http(s) so that (1) every URL it is asked for, redirects included, meets the
 * egress policy, (2) the socket connects to the very address the policy checked (the DNS lookup
 * is the check), and (3) the body is counted as it arrives and cut off past maxResponseBytes. A
 * JSON answer is read whole before it is handed over (buffered-response.ts); an event stream is
 * handed over as a stream. Redirects are never followed here; a 3xx goes back to the SDK, whose
 * same-origin follow (307/308 for a POST) comes through this function again.
 *
 * The fetch serves one connection that may outlive a call (pool.ts): it charges the bounds of
 * the call running now, and sends nothing when none is. It never opens the optional standalone
 * GET stream (answered 405 here, which the SDK takes as "not offered"): results come back on
 * the POST that asked, and a stream left open between calls would be bytes no call bounds.
 */
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import type { FetchLike } from '@modelcontextprotocol/sdk/shared/transport.js';
import { checkUrl, resolveChecked, type EgressPolicy, type Resolver } from './egress.js';
import type { Bounds } from './bounds.js';
import { BufferedResponse } from './buffered-response.js';

const httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
const httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });
const NULL_BODY = new Set([101, 204, 205, 304]);

function guardedLookup(policy: EgressPolicy, resolver: Resolver): LookupFunction {
  return ((hostname: string, options: { all?: boolean; family?: number }, callback: (...a: unknown[]) => void) => {
    resolveChecked(policy, resolver, hostname).then(
      (answers) => {
        const usable = options.family === 4 || options.family === 6 ? answers.filter((a) => a.family === options.family) : answers;
        if (options.all) callback(null, usable);
        else if (usable[0]) callback(null, usable[0].address, usable[0].family);
        else callback(Object.assign(new Error(`no address of family ${options.family} for ${hostname}`), { code: 'ENOTFOUND' }));
      },
      (err: Error) => callback(err),
    );
  }) as LookupFunction;
}

/** The media type without parameters (`application/json; charset=utf-8` is JSON). */
function isJson(contentType: string | null): boolean {
  return contentType !== null && contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function plainHeaders(h: RequestInit['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  // The SDK hands a Headers already; copying it into another one first cost a few µs per request.
  (h instanceof Headers ? h : new Headers(h ?? {})).forEach((v, k) => {
    out[k] = v;
  });
  return out;
}

function abortError(reason: unknown): Error {
  return Object.assign(new Error('This operation was aborted', { cause: reason }), { name: 'AbortError', code: 'ABORT_ERR' });
}

/** Hands `res`'s chunks to `take` while the running total fits the call's byte bound; the chunk
 * that passes it goes to `trip` as the bound's error instead, and both directions are torn down. */
function chargeChunks(
  req: http.ClientRequest,
  res: http.IncomingMessage,
  bounds: Bounds,
  take: (chunk: Buffer) => void,
  trip: (err: unknown) => void,
): void {
  let bytes = 0;
  res.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (!bounds.charge(bytes)) {
      trip(bounds.tripped);
      res.destroy();
      req.destroy();
      return;
    }
    take(chunk);
  });
}

/** `get`: GETs are sent (the OAuth flow reads metadata documents); an MCP connection never sends one. */
export function guardedFetch(
  policy: EgressPolicy,
  resolver: Resolver,
  current: () => Bounds | undefined,
  opts: { get?: boolean } = {},
): FetchLike {
  return async (input, init = {}) => {
    const bounds = current();
    if (bounds === undefined) throw new Error('no call is running on this connection: nothing is sent');
    if (opts.get !== true && (init.method ?? 'GET').toUpperCase() === 'GET') return new Response(null, { status: 405 });
    const checked = checkUrl(policy, typeof input === 'string' ? input : input.href);
    if (!checked.literal) await resolveChecked(policy, resolver, checked.host);
    const body =
      init.body === undefined || init.body === null
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : init.body instanceof URLSearchParams // the OAuth token and registration requests
            ? init.body.toString()
            : Buffer.from(init.body as ArrayBuffer);
    const https_ = checked.url.protocol === 'https:';
    // The transport's signal (its close) and the call's bounds both cancel the request. Listened
    // to directly rather than through AbortSignal.any and the request's `signal` option, which
    // together cost ~35 µs per request; the listeners go when the request closes.
    const signals = init.signal ? [init.signal, bounds.signal] : [bounds.signal];
    for (const s of signals) s.throwIfAborted();
    return new Promise<Response>((resolve, reject) => {
      const req = (https_ ? https : http).request(
        checked.url,
        {
          method: init.method ?? 'GET',
          headers: plainHeaders(init.headers),
          agent: https_ ? httpsAgent : httpAgent,
          lookup: guardedLookup(policy, resolver),
        },
        (res) => {
          const status = res.statusCode ?? 502;
          // From the raw list: `res.headers` builds a second object first (~50 µs per answer).
          const headers = new Headers();
          for (let i = 0; i + 1 < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
          if (NULL_BODY.has(status) || init.method === 'HEAD') {
            res.resume();
            resolve(new Response(null, { status, headers }));
            return;
          }
          const statusText = res.statusMessage ?? '';
          if (isJson(headers.get('content-type'))) {
            // One JSON message (or batch): the SDK reads it whole, so it is read whole here, still
            // charged chunk by chunk and cut off past the bound, then handed over without a stream.
            const chunks: Buffer[] = [];
            chargeChunks(req, res, bounds, (chunk) => chunks.push(chunk), reject);
            res.on('end', () => resolve(new BufferedResponse(Buffer.concat(chunks), { status, statusText, headers })));
            res.on('error', reject);
            res.on('close', () => {
              if (!res.complete) reject(bounds.tripped ?? new Error('the connection closed before the answer was complete'));
            });
            return;
          }
          const stream = new ReadableStream<Uint8Array>({
            start(ctrl) {
              chargeChunks(
                req,
                res,
                bounds,
                (chunk) => ctrl.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength)),
                (err) => ctrl.error(err),
              );
              res.on('end', () => {
                try {
                  ctrl.close();
                } catch {
                  /* already errored */
                }
              });
              res.on('error', (err) => {
                try {
                  ctrl.error(err);
                } catch {
                  /* already closed */
                }
              });
            },
            cancel() {
              res.destroy();
            },
          });
          resolve(new Response(stream, { status, statusText, headers }));
        },
      );
      const abort = function (this: AbortSignal) {
        req.destroy(abortError(this.reason));
      };
      for (const s of signals) s.addEventListener('abort', abort, { once: true });
      req.once('close', () => {
        for (const s of signals) s.removeEventListener('abort', abort);
      });
      req.on('error', (err) => reject(bounds.tripped ?? err));
      req.on('socket', () => {
        bounds.wentOut = true;
      });
      req.end(body);
    });
  };
}
