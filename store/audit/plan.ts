/**
 * What an audit append writes, the same on both engines and inside the run and delivery
 * statements that write audit rows of their own: the row (its time the event's, or now) and,
 * always with it, its outbox row (the event is owed to the stream until it is flagged published).
 */
import type { AuditInput } from './types.js';

/** An audit row as planned: its outbox row is written with it, in the same transaction. */
export interface AuditRow {
  type: string;
  at: Date;
  traceId: string | null;
  data: Record<string, unknown>;
}

export function planAudit(event: AuditInput, now: Date): AuditRow {
  return { type: event.type, at: event.at ?? now, traceId: event.traceId ?? null, data: event.data };
}

/** The outbox rows to delete once the stream stored their events: each id once, as a number. */
export function planPublished(ids: readonly string[]): number[] {
  return [...new Set(ids)].map(Number);
}
