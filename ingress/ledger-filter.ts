/**
 * A gateway's in-memory answer to "has the ledger never accepted this (trigger id, delivery
 * key)?", so that a fresh key (almost every delivery) needs no ledger read on the accept path
 * (deliver.ts reads the ledger for a key only when this filter cannot rule it out).
 *
 * A Bloom filter of the accepted keys (the `bloomfilter` package: no dependencies, 64-bit FNV-1a
 * with enhanced double hashing over a Uint32Array; the larger `bloom-filters` brings eight
 * dependencies for structures not needed here). It is loaded in full at start, in chunks of the
 * unique index's order so no chunk holds the event loop for more than a few milliseconds, and
 * then kept up by reading, every `pollMs`, the accepted rows committed since the previous read
 * (store/deliveries/ledger-log.ts, which says why that read never passes over a committed row).
 * The full load starts from a snapshot taken before its first chunk and the reads go on from that
 * snapshot while it runs, so a row committed during the load is read either way.
 *
 * It answers "absent" only when it is loaded and current: its last successful read was sent
 * within `staleMs`. Otherwise (not loaded yet, reads failing because PostgreSQL is away, a read
 * slower than the bound) it answers "maybe", as it does for a key it holds or a false positive,
 * and the caller reads the ledger as it would without it. So a false positive costs one read,
 * never a wrong duplicate, and an outage answers what a read would.
 *
 * Why `staleMs` is safe: a key it misses is one whose accepted row committed after its last read,
 * within `staleMs` of the copy's arrival. That copy's first command reached the stream before
 * the row was written, so if the stream no longer knows it (it was sent more than a duplicate
 * window ago) the worker took almost the whole window to log it, and a copy arriving `staleMs`
 * earlier would have been answered 202 by a read too (the row was not there yet). The bound
 * widens that existing race by `staleMs`, kept far below the window (staleBound); and the command
 * such a copy sends still meets the ledger at the worker, which logs it as a duplicate and starts
 * nothing (accepted.ts).
 *
 * Memory: at ERROR_RATE the filter takes BITS_PER_KEY bits (1.2 bytes) per key of its capacity,
 * which is twice the keys it is built with (at least MIN_CAPACITY); the false-positive rate is
 * about 0.03% at half capacity and 1% when full. Past its capacity it is built again, twice as
 * large, from a full load while the old one still answers (reads since go into both); a rebuild
 * also sheds keys that retention pruned, which otherwise stay (they cost only a confirming read).
 * When reads have failed for `resetMs` it is dropped and loaded again once they succeed, rather
 * than catching up in one read of everything committed meanwhile.
 */
import { BloomFilter } from 'bloomfilter';
import type { Logger } from 'pino';
import { ledgerKey, type LedgerKey, type LedgerLog } from '../store/deliveries/index.js';

export const ERROR_RATE = 0.01;
const BITS_PER_KEY = -Math.log(ERROR_RATE) / Math.LN2 ** 2;
const HASHES = Math.round(BITS_PER_KEY * Math.LN2);
/** 64 Ki keys: 77 KiB. */
const MIN_CAPACITY = 65_536;
/** The package's largest filter is 2^32 bits. */
const MAX_CAPACITY = Math.floor(2 ** 32 / BITS_PER_KEY);

/** At most 2 s, and a quarter of the stream's duplicate window when a test shortens it. */
export function staleBound(duplicateWindowMs: number): number {
  return Math.min(2000, Math.floor(duplicateWindowMs / 4));
}

export interface LedgerFilterOptions {
  /** How old the last successful read may be for an "absent" answer. */
  staleMs: number;
  log: Logger;
  pollMs?: number;
  /** Reads failing this long drop the filter; it is loaded again once they succeed. */
  resetMs?: number;
  chunk?: number;
  minCapacity?: number;
  /** Monotonic milliseconds. */
  now?: () => number;
}

export interface LedgerFilterStats {
  loaded: boolean;
  current: boolean;
  /** Keys added since the filter was built (a key read twice counts twice). */
  keys: number;
  capacity: number;
  bytes: number;
}

export interface LedgerFilter {
  /** True only when the ledger surely held no accepted row for the key at a read within `staleMs`. */
  absent(key: LedgerKey): boolean;
  /** Resolves once the first full load is in. */
  loaded(): Promise<void>;
  stats(): LedgerFilterStats;
  close(): void;
}

interface Generation {
  bloom: BloomFilter;
  capacity: number;
  keys: number;
}

function generation(keys: number, min: number): Generation {
  const capacity = Math.min(Math.max(min, Math.ceil(keys * 2)), MAX_CAPACITY);
  return { bloom: new BloomFilter(Math.ceil(capacity * BITS_PER_KEY), HASHES), capacity, keys: 0 };
}

export function ledgerFilter(ledger: LedgerLog, opts: LedgerFilterOptions): LedgerFilter {
  const { staleMs, log } = opts;
  const pollMs = opts.pollMs ?? 250;
  const resetMs = opts.resetMs ?? 60_000;
  const chunkSize = opts.chunk ?? 5000;
  const min = opts.minCapacity ?? MIN_CAPACITY;
  const now = opts.now ?? (() => performance.now());

  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  /** The snapshot the next read goes on from, and when the read that took it was sent. */
  let snapshot: string | undefined;
  let readAt: number | undefined;
  /** The filter that answers, and the one a full load is filling. */
  let live: Generation | undefined;
  let next: Generation | undefined;
  let failing = false;
  let markLoaded!: () => void;
  const firstLoad = new Promise<void>((resolve) => (markLoaded = resolve));

  const add = (g: Generation, k: LedgerKey): void => {
    g.bloom.add(ledgerKey(k.triggerId, k.deliveryKey));
    g.keys++;
  };
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
  const failed = (err: unknown, what: string): void => {
    if (!failing) log.warn({ err }, `ledger filter: ${what} failed; deliveries with a key read the ledger until it succeeds`);
    failing = true;
  };

  async function build(g: Generation): Promise<void> {
    const began = now();
    next = g;
    let after: LedgerKey | undefined;
    while (!closed && next === g) {
      let keys: LedgerKey[];
      try {
        keys = await ledger.chunk(after, chunkSize);
      } catch (err) {
        failed(err, 'loading');
        await pause(pollMs * 4);
        continue;
      }
      if (next !== g) return;
      for (const k of keys) add(g, k);
      if (keys.length < chunkSize) {
        live = g;
        next = undefined;
        log.info(
          { keys: g.keys, capacity: g.capacity, bytes: g.bloom.buckets.byteLength, ms: Math.round(now() - began) },
          'ledger filter loaded',
        );
        markLoaded();
        return;
      }
      after = keys[keys.length - 1];
    }
  }

  async function read(): Promise<void> {
    const sentAt = now();
    try {
      if (snapshot === undefined) {
        const b = await ledger.begin();
        if (closed) return;
        [snapshot, readAt] = [b.snapshot, sentAt];
        void build(generation(b.count, min));
      } else {
        const r = await ledger.since(snapshot);
        if (closed) return;
        for (const k of r.keys) for (const g of [live, next]) if (g) add(g, k);
        [snapshot, readAt] = [r.snapshot, sentAt];
        if (live && !next && live.keys > live.capacity && live.capacity < MAX_CAPACITY) void build(generation(live.keys, min));
      }
      if (failing) log.info('ledger filter: reads succeed again');
      failing = false;
    } catch (err) {
      failed(err, 'a read');
      if (readAt !== undefined && now() - readAt > resetMs) {
        log.warn('ledger filter dropped after failing reads; it loads again once they succeed');
        [snapshot, readAt, live, next] = [undefined, undefined, undefined, undefined];
      }
    }
  }

  const loop = async (): Promise<void> => {
    if (closed) return;
    await read();
    if (!closed) timer = setTimeout(() => void loop(), pollMs).unref();
  };
  void loop();

  const current = (): boolean => live !== undefined && readAt !== undefined && now() - readAt <= staleMs;
  return {
    absent: (k) => current() && !live!.bloom.test(ledgerKey(k.triggerId, k.deliveryKey)),
    loaded: () => firstLoad,
    stats: () => ({
      loaded: live !== undefined,
      current: current(),
      keys: live?.keys ?? 0,
      capacity: live?.capacity ?? 0,
      bytes: live?.bloom.buckets.byteLength ?? 0,
    }),
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
