import http from 'node:http';

/** A tiny JSON client for tests: method, path, body, token; answers status, parsed body and the request id the gateway gave it. */
export async function req(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: any; text: string; requestId: string | null }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text, requestId: res.headers.get('x-request-id') };
}

/**
 * A request through node:http, which (unlike fetch) lets a test name the Host header and the
 * local address it sends from: what a DNS-rebinding page or another host would send.
 */
export function hostReq(
  base: string,
  method: string,
  path: string,
  opts: { headers?: Record<string, string>; body?: string; localAddress?: string } = {},
): Promise<{ status: number; body: any; text: string }> {
  const u = new URL(base);
  return new Promise((resolve, reject) => {
    const r = http.request(
      {
        host: u.hostname.replace(/^\[|\]$/g, ''),
        port: Number(u.port),
        path,
        method,
        headers: opts.headers ?? {},
        ...(opts.localAddress ? { localAddress: opts.localAddress } : {}),
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => {
          text += c;
        });
        res.on('end', () => {
          let body: any;
          try {
            body = text ? JSON.parse(text) : undefined;
          } catch {
            body = text;
          }
          resolve({ status: res.statusCode ?? 0, body, text });
        });
      },
    );
    r.on('error', reject);
    r.end(opts.body);
  });
}
