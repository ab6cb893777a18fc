/**
 * The audit trail and its outbox. Every audit row is written with a row in `audit_outbox` (the
 * event is owed to the event stream) in one statement or transaction; the outbox row is deleted
 * once the stream has stored the event, and the outbox sweep re-sends what is still owed.
 * Counting is one GROUP BY in the database, never a scan in JavaScript.
 */

/** A row to write. The store keeps any type and data; what an event's data holds is typed where
 * it is written (`Audit.record`, `auditEvent`, both read from schemas/events.ts). */
export interface AuditInput {
  type: string;
  traceId?: string | undefined;
  data: Record<string, unknown>;
  /** When it happened; default now (a row stored after a retry keeps the time of its event). */
  at?: Date | undefined;
}

export interface StoredAudit {
  id: string;
  type: string;
  at: Date;
  traceId: string | null;
  data: Record<string, unknown>;
}

export interface AuditRepository {
  /** Writes the row and its outbox row together (the event is owed until `published`) and returns it. */
  append(event: AuditInput): Promise<StoredAudit>;
  /** Deletes the outbox rows of events the stream has stored: one statement for any number of ids. */
  published(ids: readonly string[]): Promise<void>;
  /** The oldest audit rows still in the outbox (by id), written before `before`. */
  unpublished(before: Date, limit: number): Promise<StoredAudit[]>;
  /** Rows with `at >= since`, counted by type. */
  usageCounts(since: Date): Promise<Record<string, number>>;
}
