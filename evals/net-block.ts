/**
 * Blocks every outbound path of this process and remembers each attempt (a run that reaches
 * for the network fails its scenario naming the URL or host). Installed once, by the
 * child process that hosts an eval suite, before anything else runs there; never in the
 * orchestrator, which is why the suite runs in a child at all. Patched: global `fetch` and
 * undici's global dispatcher (what Node's own fetch and the undici package send through, so a
 * `fetch` captured before the block is stopped too), `http`/`https` `request` and `get`,
 * `net.connect`/`createConnection`, `tls.connect`, and `net.Socket.prototype.connect`, which any
 * other TCP client ends up in. A blocked call fails the way a refused connection would.
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { createRequire, syncBuiltinESMExports } from 'node:module';

const attempts: string[] = [];
let installed = false;

/** The attempts since the last call, oldest first; the record is emptied. */
export function takeBlockedAttempts(): string[] {
  return attempts.splice(0, attempts.length);
}

export function isNetworkBlocked(): boolean {
  return installed;
}

function blockedError(what: string): Error {
  return Object.assign(new Error(`network access is blocked in an eval: ${what}`), { code: 'ECONNREFUSED' });
}

/** A URL-ish description of an http(s).request argument list. */
function describeRequest(scheme: string, args: unknown[]): string {
  const [a, b] = args;
  if (typeof a === 'string') return a;
  if (a instanceof URL) return a.href;
  const o = (typeof a === 'object' && a !== null ? a : typeof b === 'object' && b !== null ? b : {}) as {
    protocol?: string;
    hostname?: string;
    host?: string;
    port?: number | string;
    path?: string;
  };
  const host = o.hostname ?? o.host ?? 'localhost';
  return `${o.protocol ?? `${scheme}:`}//${host}${o.port === undefined ? '' : `:${o.port}`}${o.path ?? '/'}`;
}

/** `host:port` (or the socket path) of a net/tls connect argument list. */
function describeConnect(args: unknown[]): string {
  let [a, b] = args;
  if (Array.isArray(a)) [a, b] = a as unknown[]; // Socket.prototype.connect's normalized form
  if (typeof a === 'object' && a !== null) {
    const o = a as { path?: string; host?: string; port?: number | string };
    if (o.path !== undefined) return `unix:${o.path}`;
    return `${o.host ?? 'localhost'}:${o.port ?? ''}`;
  }
  if (typeof a === 'string' && !/^\d+$/.test(a)) return `unix:${a}`;
  return `${typeof b === 'string' ? b : 'localhost'}:${String(a)}`;
}

function record(what: string): Error {
  attempts.push(what);
  return blockedError(what);
}

type DispatchHandler = { onError?: (e: Error) => void; onResponseError?: (c: unknown, e: Error) => void };

/** Answers every request with the block, in undici's handler protocol (old and new). */
function dispatchBlocked(opts: { origin?: unknown; path?: string }, handler: DispatchHandler): boolean {
  const err = record(`${String(opts.origin ?? '')}${opts.path ?? ''}`);
  if (handler.onError) handler.onError(err);
  else handler.onResponseError?.(null, err);
  return false;
}

interface UndiciPackage {
  Dispatcher: new () => object;
  setGlobalDispatcher(d: object): void;
}

/** The undici package, when this install has one: its `request`/`stream` need a real Dispatcher. */
function undiciPackage(): UndiciPackage | undefined {
  try {
    return createRequire(import.meta.url)('undici') as UndiciPackage;
  } catch {
    return undefined;
  }
}

/** A dispatcher for undici's global slot: a subclass of the package's own when it is there. */
function blockingDispatcher(): object {
  const undici = undiciPackage();
  if (undici) {
    const Blocking = class extends undici.Dispatcher {
      dispatch(opts: { origin?: unknown; path?: string }, handler: DispatchHandler): boolean {
        return dispatchBlocked(opts, handler);
      }
      async close(): Promise<void> {}
      async destroy(): Promise<void> {}
    };
    const d = new Blocking();
    undici.setGlobalDispatcher(d);
    return d;
  }
  const d = { dispatch: dispatchBlocked, close: async () => undefined, destroy: async () => undefined };
  (globalThis as Record<symbol, unknown>)[Symbol.for('undici.globalDispatcher.1')] = d;
  return d;
}

export function installNetworkBlock(): void {
  if (installed) return;
  installed = true;
  globalThis.fetch = async (input: string | URL | Request) => {
    throw record(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
  };
  // Node's own fetch and the undici package read their dispatcher from one well-known global slot.
  blockingDispatcher();
  for (const [mod, scheme] of [
    [http, 'http'],
    [https, 'https'],
  ] as const) {
    const blocked = (...args: unknown[]): never => {
      throw record(describeRequest(scheme, args));
    };
    (mod as { request: unknown }).request = blocked;
    (mod as { get: unknown }).get = blocked;
  }
  const connectBlocked = (...args: unknown[]): never => {
    throw record(describeConnect(args));
  };
  (net as { connect: unknown }).connect = connectBlocked;
  (net as { createConnection: unknown }).createConnection = connectBlocked;
  (tls as { connect: unknown }).connect = connectBlocked;
  // The floor under every other client: fail like a refused connection, asynchronously, as a socket does.
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const err = record(describeConnect(args));
    process.nextTick(() => this.destroy(err));
    return this;
  } as typeof net.Socket.prototype.connect;
  // `import { request } from 'node:http'` bindings see the patched functions too.
  syncBuiltinESMExports();
}
