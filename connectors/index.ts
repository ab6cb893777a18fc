/**
 * External reach for `tool` steps: `<connector>.<route>` is one HTTP call described by
 * SVC_CONNECTORS. Credentials are read through the config's env reader at call time and go
 * only into the request toward the connector's base URL; a credential value is redacted from
 * whatever comes back, and nothing here logs a header, a URL with a query, or a value.
 * A name nobody registered answers the no-connector-registered shape instead of throwing, so
 * an offline run and an eval with an unmocked route see the same result.
 */
import type { Config } from '../schemas/config.js';
import type { ConnectorConfig, ConnectorRouteConfig } from '../schemas/connectors.js';
import { redactor } from '../kernel/redact.js';

export interface ConnectorResult {
  readonly ok: boolean;
  /** HTTP status; 404 for an unregistered route, 0 when the far side never answered. */
  readonly status: number;
  /** Parsed JSON when the answer is JSON, else text (both with credentials redacted). */
  readonly body: unknown;
}

export interface ConnectorRouteView {
  readonly name: string;
  readonly method: string;
  readonly path: string;
}

export interface ConnectorView {
  readonly id: string;
  readonly baseUrl: string;
  readonly routes: ConnectorRouteView[];
  readonly env: { placeholder: string; variable: string; set: boolean }[];
}

export interface Connectors {
  /** True when `<connector>.<route>` is registered. */
  has(name: string): boolean;
  call(name: string, args: Record<string, string>, opts?: { timeoutMs?: number }): Promise<ConnectorResult>;
  /** What `GET /connectors` shows: names, routes, env var names and whether each is set. */
  list(): ConnectorView[];
}

export interface ConnectorsOptions {
  fetch?: typeof fetch;
  /** Default per-call deadline (30 s). */
  timeoutMs?: number;
}

const MAX_BODY_CHARS = 256 * 1024;
export const NO_CONNECTOR_CODE = 'connector_not_registered';

/** The one shape an unregistered (or, in an eval, unmocked) route answers. */
export function noConnectorRegistered(name: string): ConnectorResult {
  return {
    ok: false,
    status: 404,
    body: { error: NO_CONNECTOR_CODE, message: `no connector route ${name} is registered (SVC_CONNECTORS)` },
  };
}

/** `github.create_issue` → ['github', 'create_issue']; undefined when not of that form. */
export function parseConnectorName(name: string): [string, string] | undefined {
  const m = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]+)$/.exec(name);
  return m ? [m[1]!, m[2]!] : undefined;
}

export function createConnectors(config: Config, opts: ConnectorsOptions = {}): Connectors {
  const byId = new Map(config.connectors.map((c) => [c.id, c]));
  const doFetch = opts.fetch ?? fetch;
  const find = (name: string): { c: ConnectorConfig; route: ConnectorRouteConfig } | undefined => {
    const parts = parseConnectorName(name);
    const c = parts && byId.get(parts[0]);
    const route = c && parts && Object.hasOwn(c.routes, parts[1]) ? c.routes[parts[1]] : undefined;
    return c && route ? { c, route } : undefined;
  };

  return {
    has: (name) => find(name) !== undefined,
    list: () =>
      config.connectors.map((c) => ({
        id: c.id,
        baseUrl: c.baseUrl,
        routes: Object.entries(c.routes).map(([r, def]) => ({ name: `${c.id}.${r}`, method: def.method, path: def.path })),
        env: Object.entries(c.env ?? {}).map(([placeholder, variable]) => ({
          placeholder,
          variable,
          set: config.connectorEnv(variable) !== undefined,
        })),
      })),
    async call(name, args, callOpts = {}) {
      const found = find(name);
      if (!found) return noConnectorRegistered(name);
      const { c, route } = found;
      const secrets: Record<string, string> = {};
      for (const [placeholder, variable] of Object.entries(c.env ?? {})) {
        const v = config.connectorEnv(variable);
        if (v !== undefined) secrets[placeholder] = v;
      }
      const request = buildRequest(c, route, args, secrets);
      const redact = redactor(Object.values(secrets)).text;
      try {
        const res = await doFetch(request.url, {
          method: route.method,
          headers: request.headers,
          ...(request.body === undefined ? {} : { body: request.body }),
          redirect: 'manual',
          signal: AbortSignal.timeout(callOpts.timeoutMs ?? opts.timeoutMs ?? 30_000),
        });
        const text = redact((await res.text()).slice(0, MAX_BODY_CHARS));
        return { ok: res.ok, status: res.status, body: parseBody(text, res.headers.get('content-type')) };
      } catch (err) {
        const e = err as Error;
        const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
        // The URL is not echoed: a query may carry a credential.
        return {
          ok: false,
          status: 0,
          body: {
            error: timedOut ? 'connector_timeout' : 'connector_unreachable',
            message: `${name}: ${timedOut ? 'no answer in time' : redact(e.message)}`,
          },
        };
      }
    },
  };
}

interface BuiltRequest {
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

const PLACEHOLDER = /\{\{\s*(args|env)\.([A-Za-z0-9_-]+)\s*\}\}/g;

/** Fills a template; unknown references render empty (the flow interpolation rule). */
function fill(
  template: string,
  args: Record<string, string>,
  env: Record<string, string>,
  encode: (s: string) => string,
  used?: Set<string>,
): string {
  return template.replace(PLACEHOLDER, (_m, scope: string, key: string) => {
    if (scope === 'env') return Object.hasOwn(env, key) ? env[key]! : '';
    used?.add(key);
    return Object.hasOwn(args, key) ? encode(args[key]!) : '';
  });
}

export function buildRequest(
  c: ConnectorConfig,
  route: ConnectorRouteConfig,
  args: Record<string, string>,
  env: Record<string, string>,
): BuiltRequest {
  const used = new Set<string>();
  // Credentials never go into a path; only args do, URL-encoded.
  const path = fill(route.path, args, {}, encodeURIComponent, used);
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...c.headers, ...route.headers }))
    headers[k.toLowerCase()] = fill(v, args, env, (s) => s.replace(/[\r\n]/g, ''), used);
  const rest = Object.fromEntries(Object.entries(args).filter(([k]) => !used.has(k)));
  const mode = route.body ?? (route.method === 'GET' || route.method === 'DELETE' ? 'query-args' : 'json-args');
  const url = new URL(c.baseUrl.replace(/\/+$/, '') + path);
  let body: string | undefined;
  if (mode === 'query-args') for (const [k, v] of Object.entries(rest)) url.searchParams.set(k, v);
  else if (mode === 'json-args') {
    body = JSON.stringify(rest);
    headers['content-type'] ??= 'application/json';
  } else if (mode === 'form-args') {
    body = new URLSearchParams(rest).toString();
    headers['content-type'] ??= 'application/x-www-form-urlencoded';
  }
  return { url: url.toString(), headers, body };
}

function parseBody(text: string, contentType: string | null): unknown {
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}
