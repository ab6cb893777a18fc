/**
 * The gateway's live event feed (`GET /events/stream`, server-sent events) for commands that
 * show what happens while they wait. The gateway subscribes before it answers 200, so every
 * event published after `openEvents` resolves reaches `onEvent`.
 */
import { CliError, type ClientEnv } from './client.js';
import type { BusEvent } from '../bus/types.js';

export interface EventFeed {
  close(): void;
  /** Settles when the feed ends: closed here, or the server went away. */
  readonly ended: Promise<void>;
}

export async function openEvents(env: ClientEnv, filter: string, onEvent: (evt: BusEvent) => void): Promise<EventFeed> {
  const abort = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (env.token) headers.authorization = `Bearer ${env.token}`;
  const res = await fetch(`${env.url}/events/stream?filter=${encodeURIComponent(filter)}`, { headers, signal: abort.signal }).catch(
    (err: Error & { cause?: Error }) => {
      throw new CliError(`cannot reach ${env.url}: ${err.cause?.message ?? err.message}`);
    },
  );
  if (!res.ok || !res.body) {
    const body = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
    throw new CliError(`${body.error ?? `http_${res.status}`}: ${body.message ?? 'events stream refused'}`);
  }
  const read = async (): Promise<void> => {
    const decoder = new TextDecoder();
    let buf = '';
    for await (const chunk of res.body!) {
      buf += decoder.decode(chunk, { stream: true });
      let idx;
      while ((idx = buf.indexOf('\n\n')) >= 0) {
        const frame = buf.slice(0, idx);
        buf = buf.slice(idx + 2);
        const data = frame.split('\n').find((l) => l.startsWith('data: '));
        if (data) onEvent(JSON.parse(data.slice(6)) as BusEvent);
      }
    }
  };
  const ended = read().catch((err: Error) => {
    if (!abort.signal.aborted) throw err;
  });
  return { close: () => abort.abort(), ended };
}
