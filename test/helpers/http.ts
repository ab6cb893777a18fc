/** A tiny JSON client for tests: method, path, body, token; answers status, parsed body and the request id the gateway gave it. */
export async function req(base: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: any; text: string; requestId: string | null }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(base + path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined, text, requestId: res.headers.get('x-request-id') };
}
