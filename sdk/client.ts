/**
 * A typed HTTP client for the svc API: `openapi-fetch` over the types `openapi-typescript`
 * generates from the OpenAPI document (sdk/openapi.ts, rewritten by `npm run build`), so a path,
 * its parameters, body and answers are checked by the compiler.
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './openapi.js';

export type SvcClient = Client<paths>;

export interface SvcClientOptions {
  /** Where the gateway listens, e.g. `http://127.0.0.1:8080`. */
  readonly baseUrl: string;
  /** SVC_ORCH_TOKEN, or a seat's token (SVC_IDENTITIES); sent as the bearer token. */
  readonly token?: string;
  readonly fetch?: typeof globalThis.fetch;
}

export function svcClient(opts: SvcClientOptions): SvcClient {
  return createClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/+$/, ''),
    headers: opts.token === undefined ? {} : { authorization: `Bearer ${opts.token}` },
    ...(opts.fetch === undefined ? {} : { fetch: opts.fetch }),
  });
}
