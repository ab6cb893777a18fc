/**
 * Every worker runs this clock; none of them is "the" scheduler. Each one publishes the same
 * command for the same window with the same msgId, and the command stream's duplicate window
 * keeps only the first, so exactly one clock consumer fans out each window's sweeps without any
 * leader election. A process that starts mid-window sends the current window at once, so a full
 * restart of every worker does not lose that minute; the store claim in the clock actor is what
 * keeps a late copy (outside the duplicate window) from running twice.
 */
import type { Logger } from 'pino';
import type { Bus } from './types.js';
import { clientOf } from './verbs.js';

export interface MinuteClockOptions {
  bus: Bus;
  /** Window length; 60 000 in production. */
  tickMs: number;
  /** Injectable so tests can walk through windows without waiting for real minutes. */
  now?: () => number;
  /** How often to look at the clock; defaults to the time left until the next boundary. */
  pollMs?: number;
  log: Logger;
}

/** A stall longer than this many windows sends only the latest ones, not an avalanche. */
const MAX_CATCH_UP = 5;

export function clockMsgId(window: number): string {
  return `clock.minute.${window}`;
}

export function startMinuteClock(opts: MinuteClockOptions): () => void {
  const { bus, tickMs, log } = opts;
  const now = opts.now ?? Date.now;
  let last: number | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let busy = false;

  const minute = clientOf(bus, 'clock').minute;
  async function check(): Promise<void> {
    const current = Math.floor(now() / tickMs);
    const from = last === undefined ? current : Math.max(last + 1, current - MAX_CATCH_UP + 1);
    for (let window = from; window <= current; window++) {
      const at = new Date(window * tickMs).toISOString();
      try {
        const res = await minute.send({ window, at }, { msgId: clockMsgId(window) });
        log.debug({ window, duplicate: res.duplicate }, 'clock window sent');
        last = window;
      } catch (err) {
        // NATS away: keep `last`, so the next look retries this window.
        log.warn({ err, window }, 'could not send the clock window');
        return;
      }
    }
  }

  function schedule(): void {
    if (stopped) return;
    const untilNext = tickMs - (now() % tickMs);
    timer = setTimeout(tick, opts.pollMs ?? Math.min(untilNext + 5, tickMs));
    timer.unref?.();
  }

  function tick(): void {
    if (stopped || busy) return schedule();
    busy = true;
    void check().finally(() => {
      busy = false;
      schedule();
    });
  }

  tick();
  return () => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
  };
}
