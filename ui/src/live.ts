/**
 * Live updates. The operator reads the event stream (`GET /events/stream`, server-sent events)
 * through fetch, not EventSource, so the token travels in a header and never in a URL; a lost
 * stream reconnects with `Last-Event-ID`. The feed is the operator's alone, so for a seat (and
 * while the stream is down) `useLive` polls instead: pages call the same refresh either way.
 */
import { useEffect, useRef } from 'preact/hooks';
import { authHeaders } from './api.js';

export interface LiveEvent {
  id?: string;
  type: string;
  subject: string;
  at: string;
  traceId: string;
  data: Record<string, unknown>;
}

type Listener = (e: LiveEvent) => void;
const listeners = new Set<Listener>();
const stateListeners = new Set<(up: boolean) => void>();
let up = false;
let stop: AbortController | undefined;

function setUp(v: boolean): void {
  if (up === v) return;
  up = v;
  for (const l of stateListeners) l(v);
}

export const streamUp = (): boolean => up;

export function onStreamState(fn: (up: boolean) => void): () => void {
  stateListeners.add(fn);
  return () => stateListeners.delete(fn);
}

export function onEvent(fn: Listener): () => void {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Splits server-sent event text into frames; returns the unfinished tail. */
export function parseFrames(text: string, emit: (f: { event?: string; id?: string; data: string }) => void): string {
  const parts = text.split(/\r?\n\r?\n/);
  const tail = parts.pop() ?? '';
  for (const part of parts) {
    const f: { event?: string; id?: string; data: string } = { data: '' };
    for (const line of part.split(/\r?\n/)) {
      if (line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'event') f.event = value;
      else if (field === 'id') f.id = value;
      else if (field === 'data') f.data += f.data ? `\n${value}` : value;
    }
    if (f.data) emit(f);
  }
  return tail;
}

/** Opens the stream (operator only) and keeps it open until `closeStream`. */
export function openStream(): void {
  closeStream();
  const ctl = new AbortController();
  stop = ctl;
  let last: string | undefined;
  let delay = 500;
  const loop = async (): Promise<void> => {
    while (!ctl.signal.aborted) {
      try {
        const res = await fetch('/events/stream', {
          headers: { accept: 'text/event-stream', ...authHeaders(), ...(last ? { 'last-event-id': last } : {}) },
          signal: ctl.signal,
          credentials: 'omit',
        });
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
        setUp(true);
        delay = 500;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf = parseFrames(buf + value, (f) => {
            if (f.id) last = f.id;
            try {
              const evt = { ...(JSON.parse(f.data) as LiveEvent), ...(f.id ? { id: f.id } : {}) };
              for (const l of listeners) l(evt);
            } catch {
              /* a frame that is not JSON is not an event */
            }
          });
        }
      } catch {
        /* reconnect below */
      }
      setUp(false);
      if (ctl.signal.aborted) return;
      await new Promise((r) => setTimeout(r, delay));
      delay = Math.min(delay * 2, 10_000);
    }
  };
  void loop();
}

export function closeStream(): void {
  stop?.abort();
  stop = undefined;
  setUp(false);
}

const POLL_MS = 2000;

/**
 * Calls `refresh` when an event `matters` arrives (coalesced to one call per animation frame),
 * or every two seconds while there is no stream.
 */
export function useLive(refresh: () => void, matters: (e: LiveEvent) => boolean = () => true): void {
  const fn = useRef(refresh);
  const test = useRef(matters);
  fn.current = refresh;
  test.current = matters;
  useEffect(() => {
    let queued = false;
    const kick = (): void => {
      if (queued) return;
      queued = true;
      setTimeout(() => {
        queued = false;
        fn.current();
      }, 50);
    };
    const offEvent = onEvent((e) => {
      if (test.current(e)) kick();
    });
    let timer: ReturnType<typeof setInterval> | undefined;
    const poll = (isUp: boolean): void => {
      if (timer) clearInterval(timer);
      timer = isUp ? undefined : setInterval(() => fn.current(), POLL_MS);
      if (isUp) kick(); // catch up on what happened while the stream was down
    };
    poll(up);
    const offState = onStreamState(poll);
    return () => {
      offEvent();
      offState();
      if (timer) clearInterval(timer);
    };
  }, []);
}
