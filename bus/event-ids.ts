/**
 * Event ids for a feed a client can resume (`Last-Event-ID`). An id is `<epoch>-<seq>`: the seq
 * orders events in one history (the JetStream event stream, or one process's ring of recent
 * events), and the epoch names that history. A history that was recreated (a stream deleted and
 * made again, a restarted process without NATS) starts its seqs over, so an id from the old one
 * says nothing about the new one: a client presenting it gets all the new history holds, which
 * is all new to it, rather than a silent skip of every seq it has already passed.
 */
import { createHash } from 'node:crypto';

export interface EventPosition {
  readonly epoch: string;
  readonly seq: number;
}

/** The range of seqs a history holds now; `last < first` when it holds none. */
export interface HeldRange {
  readonly first: number;
  readonly last: number;
}

export function eventId(epoch: string, seq: number): string {
  return `${epoch}-${seq}`;
}

export function parseEventId(id: string | undefined): EventPosition | undefined {
  const m = id === undefined ? null : /^([0-9a-z]{1,32})-([0-9]{1,16})$/.exec(id.trim());
  if (m === null) return undefined;
  const seq = Number(m[2]);
  return Number.isSafeInteger(seq) ? { epoch: m[1]!, seq } : undefined;
}

/** A short, stable epoch for a history known by a longer name (a stream's creation time). */
export function epochOf(name: string): string {
  return createHash('sha256').update(name).digest('hex').slice(0, 12);
}

/**
 * The first seq to deliver to a client resuming after `after` (an id it received, or none).
 * With no usable id: only what comes next. Same history: the seq after the client's, or the
 * oldest still held when the history has since dropped some. Another history: all it holds.
 */
export function resumeSeq(after: string | undefined, epoch: string, held: HeldRange): number {
  const next = Math.max(held.last + 1, 1);
  const pos = parseEventId(after);
  if (pos === undefined) return next;
  const oldest = Math.max(held.first, 1);
  if (pos.epoch !== epoch) return Math.min(oldest, next);
  return Math.min(Math.max(pos.seq + 1, oldest), next);
}
