/**
 * Rate limits (@fastify/rate-limit): the API per bearer token's seat (per source address while the
 * API is open, or for a caller without a token), and each webhook trigger on its own. Fixed
 * one-minute windows; over the limit a request is answered 429 `rate_limited` with Retry-After
 * (seconds to the window's end). Limits come from SVC_RATE_LIMIT_API and SVC_RATE_LIMIT_HOOKS.
 *
 * With PostgreSQL the counts are shared by every gateway replica (store/rate-windows.ts): each
 * replica counts in memory, asks the database for a key's total the first time it sees the key in
 * a window, and adds what it counted to the shared row every SYNC_MS in one statement for all
 * keys, reading the totals back. So a request costs no round trip once its key is known, and
 * replicas together can pass the limit by at most what they admit in one sync interval.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStore, type RateLimitOptions } from '@fastify/rate-limit';
import { AppError } from '../schemas/errors.js';
import type { Config } from '../schemas/config.js';
import type { Store } from '../store/types.js';
import { rateWindowsOf, type RateCount, type RateWindows } from '../store/rate-windows.js';
import { rateLimited } from '../kernel/metrics.js';

const WINDOW_MS = 60_000;
/** How often a replica adds its counts to the shared rows and reads the totals back. */
const SYNC_MS = 200;
/** A trigger id (schemas/triggers.ts) or anything else, which shares one key: made-up ids must not grow the map. */
const TRIGGER_ID = /^[A-Za-z0-9_-]{1,64}$/;

interface Entry {
  windowStart: number;
  /** Requests counted here and not yet added to the shared row. */
  unsynced: number;
  /** The shared row's total at the last sync (this replica's synced requests included). */
  shared: number;
  /** Set while the first sync of this key in its window runs; requests of the key wait for it. */
  priming: Promise<void> | undefined;
  primed: boolean;
  readonly dbKey: string;
}

/** The shared store: one per gateway, the map of keys seen in the current window and the sync timer. */
class SharedWindows {
  private readonly entries = new Map<string, Entry>();
  private readonly timer: NodeJS.Timeout;
  private syncing: Promise<void> | undefined;
  private lastForget = 0;

  constructor(
    private readonly windows: RateWindows,
    private readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.sync().catch(() => undefined), SYNC_MS);
    this.timer.unref();
  }

  incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void): void {
    const now = this.now();
    const windowStart = now - (now % WINDOW_MS);
    let e = this.entries.get(key);
    if (e === undefined || e.windowStart !== windowStart) {
      e = { windowStart, unsynced: 0, shared: 0, priming: undefined, primed: false, dbKey: digest(key) };
      this.entries.set(key, e);
    }
    e.unsynced++;
    const entry = e;
    const answer = () => cb(null, { current: entry.shared + entry.unsynced, ttl: entry.windowStart + WINDOW_MS - this.now() });
    if (entry.primed) return answer();
    entry.priming ??= this.sync([key]).then(() => {
      entry.primed = true;
    });
    entry.priming.then(answer, (err: Error) => {
      // Asked again by the next request of the key.
      entry.priming = undefined;
      cb(err);
    });
  }

  /** Adds the unsynced counts (of `only`, or of every key) to the shared rows and reads the totals. */
  async sync(only?: string[]): Promise<void> {
    if (only === undefined) {
      // One background sync at a time; a key's first sync (priming) never waits for it.
      if (this.syncing) return this.syncing;
      this.syncing = this.syncAll().finally(() => {
        this.syncing = undefined;
      });
      return this.syncing;
    }
    await this.write(only);
  }

  private async syncAll(): Promise<void> {
    const now = this.now();
    const current = now - (now % WINDOW_MS);
    const keys: string[] = [];
    for (const [key, e] of this.entries) {
      if (e.windowStart < current && e.unsynced === 0) this.entries.delete(key);
      else if (e.unsynced > 0 && e.primed) keys.push(key);
    }
    await this.write(keys);
    // Old rows go once a window, by whichever replica gets there.
    if (now - this.lastForget > WINDOW_MS) {
      this.lastForget = now;
      await this.windows.forget(current - WINDOW_MS).catch(() => undefined);
    }
  }

  private async write(keys: string[]): Promise<void> {
    const sent: [Entry, number][] = [];
    const deltas: RateCount[] = [];
    for (const key of keys) {
      const e = this.entries.get(key);
      if (e === undefined) continue;
      // A key's first sync sends nothing new when a request of it is already priming; it reads the total.
      sent.push([e, e.unsynced]);
      deltas.push({ key: e.dbKey, windowStart: e.windowStart, count: e.unsynced });
    }
    if (deltas.length === 0) return;
    for (const [e, n] of sent) e.unsynced -= n;
    let totals: RateCount[];
    try {
      totals = await this.windows.add(deltas);
    } catch (err) {
      // Not lost: counted again at the next sync.
      for (const [e, n] of sent) e.unsynced += n;
      throw err;
    }
    const byKey = new Map(totals.map((t) => [`${t.windowStart}|${t.key}`, t.count]));
    for (const [e] of sent) {
      const total = byKey.get(`${e.windowStart}|${e.dbKey}`);
      if (total !== undefined) e.shared = Math.max(e.shared, total);
    }
  }

  close(): Promise<void> {
    clearInterval(this.timer);
    return this.sync().catch(() => undefined);
  }
}

/** Keys are stored as digests: a seat name or an address is not the database's business. */
function digest(key: string): string {
  return createHash('sha256').update(key).digest('base64url').slice(0, 32);
}

/** The plugin's store interface over one SharedWindows; a route's child shares it (keys differ by prefix). */
function pluginStore(shared: SharedWindows): new () => FastifyRateLimitStore {
  return class {
    incr(key: string, cb: (err: Error | null, res?: { current: number; ttl: number }) => void): void {
      shared.incr(key, cb);
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

function apiKey(config: Config): (req: FastifyRequest) => string {
  if (config.token === undefined) return (req) => `api|ip|${req.ip}`;
  return (req) => (req.caller ? `api|seat|${req.caller.kind}|${req.caller.seat}` : `api|ip|${req.ip}`);
}

function hookKey(req: FastifyRequest): string {
  const id = (req.params as { triggerId?: unknown }).triggerId;
  return typeof id === 'string' && TRIGGER_ID.test(id) ? `hook|${id}` : 'hook|?';
}

function refusal(limit: 'api' | 'hooks', per: string) {
  return (_req: FastifyRequest, ctx: { max: number; after: string }): AppError => {
    rateLimited.inc({ limit });
    return new AppError('rate_limited', { message: `more than ${ctx.max} requests a minute ${per}; retry in ${ctx.after}` });
  };
}

/** The route config of POST /hooks/:triggerId: its own limit per trigger, or none. */
export function hookRateLimit(config: Config): RateLimitOptions | false {
  if (config.rateLimit.hooksPerMinute === 0) return false;
  return {
    max: config.rateLimit.hooksPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: hookKey,
    errorResponseBuilder: refusal('hooks', 'for this trigger'),
  };
}

/** Registers the plugin before the routes (it adds its hook to each route as it is declared). */
export async function registerRateLimits(app: FastifyInstance, deps: { config: Config; store: Store }): Promise<void> {
  const { config } = deps;
  const { apiPerMinute, hooksPerMinute } = config.rateLimit;
  if (apiPerMinute === 0 && hooksPerMinute === 0) return;
  const shared = deps.store.engine === 'postgres' ? new SharedWindows(rateWindowsOf(deps.store)) : undefined;
  if (shared) app.addHook('onClose', () => shared.close());
  await app.register(rateLimit, {
    global: apiPerMinute > 0,
    max: apiPerMinute || 1,
    timeWindow: WINDOW_MS,
    keyGenerator: apiKey(config),
    errorResponseBuilder: refusal('api', config.token === undefined ? 'from this address' : 'for this token'),
    // A database that does not answer must not take the API down with it: the request passes.
    skipOnError: true,
    // Headers only on a refusal: the hot paths answer without three extra headers each.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: { 'x-ratelimit-limit': true, 'x-ratelimit-remaining': true, 'x-ratelimit-reset': true, 'retry-after': true },
    ...(shared ? { store: pluginStore(shared) } : {}),
  });
}
