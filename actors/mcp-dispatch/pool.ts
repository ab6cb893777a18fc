/**
 * Connected SDK clients kept between calls, so a call to an attached server costs one request
 * instead of a fresh session (initialize, initialized, call). A connection is keyed by owner
 * scope, server id and a fingerprint of the config and the credential it was opened with, and is
 * lent to one call at a time; everything the policy decides is still decided per call before a
 * connection is taken (session.ts). A connection is dropped on any error, when its server is
 * replaced or detached, when the same server is next used with another config or credential, and
 * after sitting idle. The pool never holds the process open.
 */
import { createHash } from 'node:crypto';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Bounds } from './bounds.js';

/** The bounds of the call a connection is lent to; transports charge whatever is current. */
export class Lease {
  current: Bounds | undefined;
}

export interface Pooled {
  readonly client: Client;
  readonly lease: Lease;
  /** Set when the transport closed on its own (child exited, stream ended). */
  dead: boolean;
}

interface Idle {
  readonly conn: Pooled;
  readonly key: string;
  readonly timer: NodeJS.Timeout;
}

export interface PoolLimits {
  /** Idle connections kept per server and fingerprint. */
  readonly perKey: number;
  /** Idle connections kept in all. */
  readonly total: number;
  /** How long an idle connection is kept. */
  readonly idleMs: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = { perKey: 4, total: 64, idleMs: 60_000 };

/** Identifies a server across scopes: `owner/id`. */
export function poolGroup(owner: string, id: string): string {
  return `${owner}/${id}`;
}

/** Fingerprints of configs called without a credential, by their JSON text (which holds no secret:
 * a config only names its credential). A hash per call was ~25 µs of every pooled call's CPU. */
const bare = new Map<string, string>();
const BARE_MAX = 256;

/** The config and the credential a connection was opened with; hashed so no value is kept. */
export function fingerprint(config: unknown, headers: Record<string, string>): string {
  const text = JSON.stringify([config, headers]);
  if (Object.keys(headers).length > 0) return createHash('sha256').update(text).digest('hex');
  let key = bare.get(text);
  if (key === undefined) {
    if (bare.size >= BARE_MAX) bare.clear();
    bare.set(text, (key = createHash('sha256').update(text).digest('hex')));
  }
  return key;
}

export class ClientPool {
  private readonly idle = new Map<string, Idle[]>();
  private count = 0;

  constructor(private readonly limits: PoolLimits = DEFAULT_POOL_LIMITS) {}

  /** An idle live connection of `group` opened with `key`; idle ones opened with another key are closed. */
  take(group: string, key: string): Pooled | undefined {
    const list = this.idle.get(group);
    if (!list) return undefined;
    const stale = list.filter((i) => i.key !== key || i.conn.dead);
    for (const i of stale) this.drop(group, i);
    const found = this.idle.get(group)?.pop();
    if (!found) return undefined;
    clearTimeout(found.timer);
    this.count--;
    if (this.idle.get(group)?.length === 0) this.idle.delete(group);
    return found.conn;
  }

  /** Back from a call that went well; closed instead when it died or the pool is full. */
  give(group: string, key: string, conn: Pooled): void {
    conn.lease.current = undefined;
    const list = this.idle.get(group) ?? [];
    if (conn.dead || this.count >= this.limits.total || list.filter((i) => i.key === key).length >= this.limits.perKey) {
      void close(conn);
      return;
    }
    const entry: Idle = { conn, key, timer: setTimeout(() => this.drop(group, entry), this.limits.idleMs) };
    entry.timer.unref();
    list.push(entry);
    this.idle.set(group, list);
    this.count++;
  }

  /** Closes every idle connection of a server (replaced or detached). */
  evict(group: string): void {
    for (const i of [...(this.idle.get(group) ?? [])]) this.drop(group, i);
  }

  /** Idle connections held now (for tests and the listing of what the pool keeps). */
  size(): number {
    return this.count;
  }

  closeAll(): void {
    for (const [group, list] of [...this.idle]) for (const i of [...list]) this.drop(group, i);
  }

  private drop(group: string, entry: Idle): void {
    const list = this.idle.get(group);
    const at = list?.indexOf(entry) ?? -1;
    if (at < 0) return;
    list!.splice(at, 1);
    if (list!.length === 0) this.idle.delete(group);
    clearTimeout(entry.timer);
    this.count--;
    void close(entry.conn);
  }
}

export async function close(conn: Pooled): Promise<void> {
  conn.dead = true;
  conn.lease.current = undefined;
  await conn.client.close().catch(() => undefined);
}
