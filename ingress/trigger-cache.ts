/**
 * A gateway's triggers in memory, each for at most TRIGGER_LEASE_MS from the moment its read
 * was sent (store/triggers/lease.ts says why that is enough for a rotation, a disable or a
 * delete to bind every gateway the moment its call answers). A delivery takes the held row while
 * its lease runs; past half the lease, its use starts a fresh read in the background, so a
 * trigger in steady use is never waited for. A row past its lease is never used, except one whose
 * read started after the delivery arrived, which is as current as any read the delivery could
 * make itself. Missing triggers are not held (a 404 reads every time). Secrets stay sealed here:
 * the row holds the envelope, and only the opened-secret cache (secrets.ts) holds clear text, in
 * this process's memory alone.
 */
import type { TriggerRow } from '../store/deliveries/index.js';

/** A trigger as read, with when its read was sent (on `now`'s clock); `row` undefined when there is no such trigger. */
export interface TriggerReadAt {
  row: TriggerRow | undefined;
  from: number;
}

export interface TriggerCacheOptions {
  leaseMs: number;
  /** A monotonic clock in milliseconds. */
  now: () => number;
  /** Rows held at most; the oldest held goes first. */
  max?: number;
}

export function triggerCache(
  read: (id: string) => Promise<TriggerReadAt>,
  o: TriggerCacheOptions,
): (id: string) => Promise<TriggerRow | undefined> {
  const max = o.max ?? 10_000;
  const held = new Map<string, TriggerReadAt & { row: TriggerRow }>();
  const reading = new Map<string, Promise<TriggerReadAt>>();

  const keep = (id: string, r: TriggerReadAt): void => {
    const e = held.get(id);
    if (e && e.from >= r.from) return;
    if (r.row === undefined) {
      held.delete(id);
      return;
    }
    held.delete(id);
    if (held.size >= max) held.delete(held.keys().next().value!);
    held.set(id, { row: r.row, from: r.from });
  };
  const fetch = (id: string): Promise<TriggerReadAt> => {
    let p = reading.get(id);
    if (!p) {
      p = read(id)
        .then((r) => (keep(id, r), r))
        .finally(() => reading.delete(id));
      reading.set(id, p);
    }
    return p;
  };

  return async (id) => {
    const arrived = o.now();
    const e = held.get(id);
    if (e && arrived - e.from < o.leaseMs) {
      if (arrived - e.from >= o.leaseMs / 2 && !reading.has(id)) fetch(id).catch(() => undefined);
      return e.row;
    }
    // A read already under way may have started before this delivery arrived: it serves only
    // while its lease runs; otherwise the next read starts after the arrival.
    for (;;) {
      const r = await fetch(id);
      if (r.from >= arrived || o.now() - r.from < o.leaseMs) return r.row;
    }
  };
}
