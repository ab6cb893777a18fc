/**
 * The viem clients svc reads a chain through, and how their failures are told. viem's error
 * messages quote the request URL (credentials included), so none is ever passed on: a failure
 * is reduced here to a short cause of our own words.
 */
import { BaseError, createPublicClient, http, HttpRequestError, TimeoutError, type PublicClient, type Transport } from 'viem';
import { turnTransport } from './turn-transport.js';

/** One client per URL and purpose: no retries (a probe that retries hides the outage it is
 * there to see), JSON-RPC batching so a probe's reads travel in one request. */
export function rpcClient(url: string, timeoutMs: number): PublicClient {
  const { bare, headers } = basicAuth(url);
  return createPublicClient({
    transport: http(bare, { timeout: timeoutMs, retryCount: 0, batch: { wait: 0 }, ...(headers ? { fetchOptions: { headers } } : {}) }),
  });
}

/** The transport of a chain binding's clients and wallets: the same URL handling, its requests
 * batched per turn of the event loop (chain/turn-transport.ts). */
export function bindingTransport(url: string, timeoutMs: number): Transport {
  const { bare, headers } = basicAuth(url);
  return turnTransport(bare, { timeoutMs, headers });
}

/** fetch refuses a URL that carries credentials, so `https://user:key@host` (how several providers
 * hand out basic auth) is sent as the Authorization header it stands for. */
function basicAuth(url: string): { bare: string; headers?: Record<string, string> } {
  const u = URL.canParse(url) ? new URL(url) : undefined;
  if (!u || (u.username === '' && u.password === '')) return { bare: url };
  const creds = `${decodeURIComponent(u.username)}:${decodeURIComponent(u.password)}`;
  u.username = '';
  u.password = '';
  return { bare: u.toString(), headers: { authorization: `Basic ${Buffer.from(creds).toString('base64')}` } };
}

/** Why a call failed, without the URL or anything the far side said. */
export function rpcCause(err: unknown, timeoutMs: number): string {
  if (err instanceof BaseError) {
    if (err.walk((e) => e instanceof TimeoutError)) return `no answer within ${timeoutMs} ms`;
    const httpErr = err.walk((e) => e instanceof HttpRequestError) as HttpRequestError | null;
    if (httpErr?.status !== undefined) return `HTTP ${httpErr.status}`;
    if (httpErr) return 'connection failed';
    return 'the RPC answered with an error';
  }
  return 'connection failed';
}

/** Races a read against a deadline of our own: viem's timeout covers one HTTP request, not a
 * whole probe of several. */
export async function within<T>(ms: number, p: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new TimeoutError({ body: {}, url: '' })), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
