/**
 * The wallet watchlist (docs/chain.md "The wallet watchlist"): seeded from WALLET_WATCHLIST, replaced whole by
 * POST /wallets/watchlist, held in this process's memory (each gateway
 * replica holds its own, so a replacement is per process until a restart re-reads the variable).
 * What leaves the process is always the masked form.
 */
import type { WatchlistEntry } from '../schemas/chain-config.js';
import { maskRpcUrl } from './mask.js';

export interface WatchlistStore {
  /** The list as configured, credentials included: for the balance reader only. */
  entries(): readonly WatchlistEntry[];
  /** The list as shown: every rpcUrl masked. */
  masked(): WatchlistEntry[];
  replace(list: readonly WatchlistEntry[]): void;
}

export function watchlistStore(seed: readonly WatchlistEntry[]): WatchlistStore {
  let list = Object.freeze([...seed]);
  return {
    entries: () => list,
    masked: () => list.map((e) => (e.rpcUrl === undefined ? { ...e } : { ...e, rpcUrl: maskRpcUrl(e.rpcUrl) })),
    replace(next) {
      list = Object.freeze(next.map((e) => ({ ...e })));
    },
  };
}
