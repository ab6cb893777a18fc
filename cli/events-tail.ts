/**
 * `svc events tail` over HTTP: the feed kept open across a server restart. A dropped stream is
 * opened again with the last id printed, so the server sends what was missed and nothing twice;
 * tries are spaced by a doubling backoff and given up, with the reason, when the server stays
 * away longer than the retry budget. A refusal (a bad token, a bad filter) is final at once.
 */
import { InvalidArgumentError } from 'commander';
import { CliError, type ClientEnv } from './client.js';
import { FeedLost, openEvents, type FeedOptions } from './events.js';
import type { BusEvent } from '../bus/types.js';

export interface TailOptions {
  /** How long the server may stay away before the tail gives up (0: no reconnect at all). */
  retryForMs: number;
  print: (evt: BusEvent) => void;
  /** Progress notes (lost, back), for stderr. */
  note: (line: string) => void;
  firstDelayMs?: number;
  maxDelayMs?: number;
  feed?: Pick<FeedOptions, 'idleMs'>;
}

const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 5_000;

/** Follows the feed until the server stays away too long (throws why) or a refusal (throws it). */
export async function tailEvents(env: ClientEnv, filter: string, o: TailOptions): Promise<never> {
  let last: string | undefined;
  let lostSince: number | undefined;
  let delay = o.firstDelayMs ?? FIRST_DELAY_MS;
  for (;;) {
    let why: string;
    try {
      const feed = await openEvents(
        env,
        filter,
        (evt, id) => {
          if (id !== undefined) last = id;
          o.print(evt);
        },
        { after: last, ...o.feed },
      );
      if (lostSince !== undefined) o.note(`events stream back; ${last === undefined ? 'from now on' : `resuming after ${last}`}`);
      lostSince = undefined;
      delay = o.firstDelayMs ?? FIRST_DELAY_MS;
      await feed.ended;
      why = 'the server ended the stream';
    } catch (err) {
      if (!(err instanceof FeedLost)) throw err;
      why = err.message;
    }
    const now = Date.now();
    if (lostSince === undefined) {
      lostSince = now;
      if (o.retryForMs > 0) o.note(`events stream lost (${why}); reconnecting for up to ${seconds(o.retryForMs)}`);
    }
    const left = lostSince + o.retryForMs - now;
    if (left <= 0)
      throw new CliError(
        `events stream lost (${why}); ${o.retryForMs > 0 ? `not back within ${seconds(o.retryForMs)}` : 'not reconnecting (--retry-for 0)'}`,
      );
    // The last try falls on the deadline itself, so the whole budget is used.
    await new Promise((r) => setTimeout(r, Math.min(delay, left)));
    delay = Math.min(delay * 2, o.maxDelayMs ?? MAX_DELAY_MS);
  }
}

function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

/** `60s`, `1.5m`, `500ms`, or a bare number of seconds. */
export function parseDuration(text: string): number {
  const m = /^([0-9]+(?:\.[0-9]+)?)(ms|s|m)?$/.exec(text.trim());
  if (m === null) throw new InvalidArgumentError('expected a duration such as 60s, 2m or 500ms');
  const n = Number(m[1]);
  return Math.round(m[2] === 'ms' ? n : m[2] === 'm' ? n * 60_000 : n * 1000);
}
