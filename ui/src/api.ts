/**
 * The console's one way to the API: same-origin fetch with the bearer token in a header, JSON
 * in and out, and every refusal turned into an ApiError carrying the API's own code and message.
 * Types come from the SDK's OpenAPI types, so a renamed field breaks the console's build.
 */
import type { paths } from '../../sdk/openapi.js';
import { readToken } from './session.js';

type Method = 'get' | 'post' | 'put' | 'delete';
type Op<P extends keyof paths, M extends Method> = paths[P] extends Record<M, infer O> ? O : never;
type Content<R> = R extends { content: { 'application/json': infer J } } ? J : never;
/** The 200 answer of an operation. */
export type Reply<P extends keyof paths, M extends Method = 'get'> = Op<P, M> extends { responses: { 200: infer R } } ? Content<R> : never;
/** The JSON body of an operation. */
export type Body<P extends keyof paths, M extends Method = 'post'> =
  Op<P, M> extends { requestBody?: infer B } ? Content<NonNullable<B>> : never;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** Called when the API says the token is no good (401): the app signs out. */
let onUnauthorized: () => void = () => {};
export function whenUnauthorized(fn: () => void): void {
  onUnauthorized = fn;
}

export function authHeaders(token = readToken()): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

function withQuery(path: string, query?: Record<string, string | number | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `${path}?${s}` : path;
}

async function call<T>(method: string, path: string, body: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...authHeaders(token) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }), credentials: 'omit' });
  } catch {
    throw new ApiError(0, 'network', 'the server did not answer');
  }
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!res.ok) {
    const e = (json ?? {}) as { error?: string; message?: string };
    if (res.status === 401 && token === undefined) onUnauthorized();
    throw new ApiError(res.status, e.error ?? `http_${res.status}`, e.message ?? res.statusText);
  }
  return json as T;
}

export function get<P extends keyof paths>(path: P, query?: Record<string, string | number | undefined>): Promise<Reply<P>> {
  return call('GET', withQuery(path as string, query), undefined);
}

export function post<P extends keyof paths>(
  path: P,
  body: Body<P>,
  query?: Record<string, string | number | undefined>,
): Promise<Reply<P, 'post'>> {
  return call('POST', withQuery(path as string, query), body);
}

/** Checks a token before it is kept: who it names, or the API's refusal. */
export function whoIs(token: string | undefined): Promise<Reply<'/whoami'>> {
  return call('GET', '/whoami', undefined, token ?? '');
}

export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return `${err.code}: ${err.message}`;
  return err instanceof Error ? err.message : String(err);
}

export function put<P extends keyof paths>(path: P, body: Body<P, 'put'>): Promise<Reply<P, 'put'>> {
  return call('PUT', path as string, body);
}
