/**
 * One sender's transactions one at a time: each send reads the account's next nonce, signs and
 * broadcasts, so two concurrent sends from one key would sign the same nonce and one would be
 * lost. In this process a queue per sender orders them; with a database shared by several
 * processes (`shareSenders`) each turn also holds the sender's lock in that database, so two
 * processes signing with one key (the orchestrator's, a session key) take turns the same way.
 */
import type { ChainWallet } from './binding.js';

export type Serial = <T>(sender: string, fn: () => Promise<T>) => Promise<T>;

/** Held around one turn by every process sharing a database (store/sender-lock.ts). */
export type SharedLock = <T>(key: string, fn: () => Promise<T>) => Promise<T>;

/** A sender is one address on one chain: the same key on two chains has two nonces. */
export function senderKey(wallet: Pick<ChainWallet, 'account' | 'chain'>): string {
  return `${wallet.chain.id}:${wallet.account.address.toLowerCase()}`;
}

export function serialBySender(shared?: () => SharedLock | undefined): Serial {
  const tails = new Map<string, Promise<unknown>>();
  return (sender, fn) => {
    const key = sender.toLowerCase();
    const lock = shared?.();
    const turn = lock ? () => lock(key, fn) : fn;
    const prev = tails.get(key) ?? Promise.resolve();
    const run = prev.then(turn, turn);
    const tail = run.catch(() => undefined);
    tails.set(key, tail);
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    return run;
  };
}

/** The locks of the databases this process's systems opened, the latest last; usually one. */
const sharedLocks: SharedLock[] = [];

/** Makes every turn of `processSerial` hold `lock` too, until the returned function is called
 * (when the store behind it closes). */
export function shareSenders(lock: SharedLock): () => void {
  sharedLocks.push(lock);
  return () => {
    const i = sharedLocks.lastIndexOf(lock);
    if (i >= 0) sharedLocks.splice(i, 1);
  };
}

/** True when sends are ordered across processes: a transaction filled before its turn may carry a
 * nonce another process has used since, so it is checked against the chain in the turn. */
export function sendersShared(): boolean {
  return sharedLocks.length > 0;
}

/** The one queue per sender of this process: every chain write (gate, constitution, resolve) signs through it. */
export const processSerial: Serial = serialBySender(() => sharedLocks[sharedLocks.length - 1]);
