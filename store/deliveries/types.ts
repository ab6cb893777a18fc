/**
 * The webhook delivery aggregate: a trigger's delivery log, whose
 * unique (trigger id, delivery key) decides duplicates, with the `WebhookDelivery` audit row of
 * each accepted delivery written in the same transaction; and the read a delivery starts with
 * (its trigger, the trigger's flow and its principal's pause state). The delivery path's methods
 * take many deliveries at once, so concurrent ones share round trips and commits
 * (ingress/rows.ts groups them). The delivery path has one fixed statement per operation on
 * each engine (pg.ts, sqlite.ts); listing and retention are the ORM's (orm.ts).
 */
import type { WebhookDelivery } from '../entities/WebhookDelivery.js';
import type { TriggerFlow, TriggerRecord } from '../triggers/types.js';

/** The trigger as a delivery needs it: its principal's pause state and its flow as it is now
 * (`flow` undefined when the flow was deleted). */
export type TriggerRow = TriggerRecord & {
  paused: boolean;
  flow: TriggerFlow | undefined;
};

export interface DeliveryRow {
  id: string;
  triggerId: string;
  deliveryKey: string;
  status: string;
  reason: string | null;
  bytes: number;
  runId: string | null;
  eventType: string | null;
  sent: boolean;
  at: Date;
  /** The `WebhookDelivery` audit row to write with it, with its outbox row (store/audit/), only
   * if this row is the one inserted. `data.runId` is the row's run id. */
  audit?: { traceId: string | null; data: Record<string, unknown> };
}

/** A delivery as the ledger knows it: (trigger id, delivery key). */
export interface LedgerKey {
  triggerId: string;
  deliveryKey: string;
}

export function ledgerKey(triggerId: string, deliveryKey: string): string {
  return `${triggerId}\0${deliveryKey}`;
}

/**
 * The ledger's accepted keys as a gateway's filter reads them (ingress/ledger-filter.ts), on
 * PostgreSQL only. A snapshot is PostgreSQL's `pg_snapshot` as text: which transactions had
 * committed when it was taken.
 */
export interface LedgerLog {
  /** A snapshot to read onwards from, and how many accepted rows the ledger holds in it. */
  begin(): Promise<{ snapshot: string; count: number }>;
  /** Up to `limit` accepted keys after `after` in (trigger id, delivery key) order, the first ones without it. */
  chunk(after: LedgerKey | undefined, limit: number): Promise<LedgerKey[]>;
  /** The accepted keys written by transactions that had not committed in `snapshot` and have now, with the snapshot of now. */
  since(snapshot: string): Promise<{ keys: LedgerKey[]; snapshot: string }>;
}

/** Whose deliveries a listing shows: one trigger's (`triggerId`, first), one principal's triggers', or, with neither, all. */
export interface DeliveryScope {
  triggerId?: string | undefined;
  principal?: string | undefined;
}

/** How long the delivery log keeps what (documented in docs/triggers.md, "Retention"). */
export const RETENTION = {
  /** Accepted rows hold the producer's key: kept this long, they answer redeliveries `{duplicate: true}`. */
  acceptedMs: 30 * 24 * 3600_000,
  /** Rejected, duplicate and skipped rows: the newest this many per trigger ... */
  otherPerTrigger: 1000,
  /** ... and none older than this. */
  otherMs: 7 * 24 * 3600_000,
} as const;

export interface DeliveryRepository {
  /** Several triggers, as deliveries need them, in one round trip; ids not found are absent. */
  triggers(ids: readonly string[]): Promise<Map<string, TriggerRow>>;
  /**
   * When each (trigger id, delivery key) was accepted, for the keys the ledger holds as accepted
   * (by `ledgerKey`): the witness of a duplicate once the command stream's duplicate window has
   * forgotten it. The answer is the `at` the accepting gateway put in the command, so a gateway
   * can tell its own copy's row (a worker may log it before this read returns) from an earlier
   * copy's.
   */
  acceptedAt(keys: readonly LedgerKey[]): Promise<Map<string, Date>>;
  /** `triggers(ids)` and `acceptedAt(keys)` in one round trip: a delivery's trigger and its
   * ledger answer for the keys it may carry, read before anything else is known about it. */
  triggersAndLedger(
    ids: readonly string[],
    keys: readonly LedgerKey[],
  ): Promise<{ triggers: Map<string, TriggerRow>; accepted: Map<string, Date> }>;
  /**
   * Inserts the rows, and the audit row (with its outbox row) of each that is inserted, in one
   * transaction: an accepted row never stands without its audit row. A row whose (trigger id,
   * delivery key) is already there, or repeats one earlier in the batch, is not inserted and gets
   * no audit row. `published` are audit rows (of earlier deliveries) whose events the stream has
   * stored: their outbox rows are deleted in the same transaction (store/outbox-flags.ts).
   * Returns the inserted rows' ids, each with its audit row's id (null without one).
   */
  insert(rows: readonly DeliveryRow[], published?: readonly string[]): Promise<Map<string, string | null>>;
  /** Newest first (ties by id), at most `limit`. */
  list(scope: DeliveryScope, limit: number): Promise<WebhookDelivery[]>;
  /** Applies RETENTION at `now` and drops the rows of deleted triggers; returns the number of rows removed. */
  prune(now: Date): Promise<number>;
  /** The accepted keys in bulk and by commit, for a gateway's ledger filter: PostgreSQL only. */
  ledgerLog?: LedgerLog;
}
