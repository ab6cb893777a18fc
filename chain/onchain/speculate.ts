/**
 * Reads that depend on earlier reads (a node's policy stack, then that stack's verdict) in one
 * round trip instead of one per link. Each read answers at once with what the same call answered
 * last time, so every read of the chain of links is issued in the same turn (and, through reads
 * that batch a turn into a multicall, travels in one `eth_call` from one block); the fresh answers are
 * still awaited, and every guess is compared with its fresh answer. All equal: the result is the
 * one reading them one after another would have given, so nothing is decided on a stale value.
 * Any differs (a stack rebound, a verdict moved): the round is thrown away and run again with the
 * fresh answers, and after that once more without any guess, one read after another.
 */
import type { Abi, Address } from 'viem';

export interface ReadCall {
  readonly address: Address;
  readonly abi: Abi;
  readonly functionName: string;
  readonly args?: readonly unknown[];
}

/** One contract read; the result is typed by the caller, who knows the function. */
export type Read = <T>(call: ReadCall) => Promise<T>;

/** Guessed rounds before reading without guesses. */
const GUESSED_ROUNDS = 2;
/** Calls remembered; the oldest is forgotten first. */
const REMEMBERED = 1024;

type Settled = { ok: true; value: unknown } | { ok: false; error: unknown };

const keyOf = (c: ReadCall): string =>
  `${c.address.toLowerCase()}.${c.functionName}(${JSON.stringify(c.args ?? [], (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))})`;
const same = (a: unknown, b: unknown): boolean =>
  JSON.stringify(a, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v)) ===
  JSON.stringify(b, (_, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

export type Speculative = <T>(fn: (read: Read) => Promise<T>) => Promise<T>;

export function speculativeReads(through: Read): Speculative {
  const last = new Map<string, unknown>();
  const remember = (key: string, value: unknown) => {
    last.delete(key);
    last.set(key, value);
    if (last.size > REMEMBERED) last.delete(last.keys().next().value!);
  };

  return async <T>(fn: (read: Read) => Promise<T>): Promise<T> => {
    for (let round = 0; ; round++) {
      const guessing = round < GUESSED_ROUNDS;
      const guessed: { key: string; guess: unknown; fresh: Promise<Settled> }[] = [];
      const read: Read = async <R>(call: ReadCall) => {
        const key = keyOf(call);
        const fresh = through<R>(call);
        if (guessing && last.has(key)) {
          const guess = last.get(key);
          // Settled at once so a failure nobody awaits yet is never an unhandled rejection.
          guessed.push({
            key,
            guess,
            fresh: fresh.then(
              (value) => ({ ok: true, value }),
              (error: unknown) => ({ ok: false, error }),
            ),
          });
          return guess as R;
        }
        const value = await fresh;
        remember(key, value);
        return value;
      };
      let outcome: { ok: true; value: T } | { ok: false; error: unknown };
      try {
        outcome = { ok: true, value: await fn(read) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      let stale = false;
      let failed: { error: unknown } | undefined;
      for (const g of guessed) {
        const f = await g.fresh;
        if (f.ok) {
          if (!same(f.value, g.guess)) stale = true;
          remember(g.key, f.value);
        } else {
          last.delete(g.key);
          failed ??= { error: f.error };
        }
      }
      // A stale guess may be what made a read fail or the result differ: read again.
      if (stale) continue;
      // Every guess held, so a failure is the one reading in order would have met.
      if (failed) throw failed.error;
      if (!outcome.ok) throw outcome.error;
      return outcome.value;
    }
  };
}
