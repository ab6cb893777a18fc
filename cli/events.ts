/**
 * The gateway's live event feed (`GET /events/stream`, server-sent events) for commands that
 * show what happens while they wait. The gateway subscribes before it answers 200, so every
 * event published after `openEvents` resolves reaches `onEvent`, with the id to resume after.
 */
import { createParser } from 'eventsource-parser';
import { CliError, type ClientEnv } from './client.js';
import type { BusEvent } from '../bus/types.js';

/** The gateway answers a keep-alive comment every 15 s; this long without a byte means the
 * connection is dead even if no error says so (a peer that vanished without a reset). */
const IDLE_MS = 45_000;

export interface EventFeed {
  close(): void;
  /** Settles when the feed ends: resolves when closed here or ended by the server, rejects
   * with FeedLost when the connection broke. */
  readonly ended: Promise<void>;
}

export interface FeedOptions {
  /** The last id received on an earlier feed: the server sends what came after it first. */
  after?: string | undefined;
  idleMs?: number;
}

/** The feed could not be opened or broke for a reason that may pass (the server away or
 * restarting, a 5xx): worth another try, unlike a refusal (a bad token, a bad filter). */
export class FeedLost extends CliError {}

export async function openEvents(
  env: ClientEnv,
  filter: string,
  onEvent: (evt: BusEvent, id: string | undefined) => void,
  opts: FeedOptions = {},
): Promise<EventFeed> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (env.token) headers.authorization = `Bearer ${env.token}`;
  if (opts.after !== undefined) headers['last-event-id'] = opts.after;
  const res = await fetch(`${env.url}/events/stream?filter=${encodeURIComponent(filter)}`, { headers, signal: abort.signal }).catch(
    (err: Error & { cause?: Error }) => {
      throw new FeedLost(`cannot reach ${env.url}: ${err.cause?.message ?? err.message}`);
    },
  );
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    const Err = res.status >= 500 ? FeedLost : CliError;
    throw new Err(`${body.error ?? `http_${res.status}`}: ${body.message ?? 'events stream refused'}`);
  }
  const parser = createParser({
    onEvent: (msg) => {
      let evt: BusEvent;
      try {
        evt = JSON.parse(msg.data) as BusEvent;
      } catch {
        return; // not an event this client knows how to read; the next one may be
      }
      onEvent(evt, msg.id);
    },
  });
  let closedHere = false;
  let idle: NodeJS.Timeout | undefined;
  const quiet = (): void => {
    clearTimeout(idle);
    idle = setTimeout(
      () => abort.abort(new FeedLost(`no data from ${env.url} for ${(opts.idleMs ?? IDLE_MS) / 1000} s`)),
      opts.idleMs ?? IDLE_MS,
    );
  };
  const read = async (): Promise<void> => {
    const decoder = new TextDecoder();
    quiet();
    try {
      for await (const chunk of res.body!) {
        quiet();
        parser.feed(decoder.decode(chunk, { stream: true }));
      }
    } finally {
      clearTimeout(idle);
    }
  };
  const ended = read().catch((err: Error & { cause?: Error }) => {
    if (closedHere) return;
    if (abort.signal.reason instanceof FeedLost) throw abort.signal.reason;
    throw new FeedLost(`the stream from ${env.url} broke: ${err.cause?.message ?? err.message}`);
  });
  return {
    close: () => {
      closedHere = true;
      abort.abort();
    },
    ended,
  };
}
