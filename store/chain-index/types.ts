/**
 * The chain-index aggregate: a follower's block cursor and the logs it has recorded. Recording a
 * range is one transaction (the logs' keys, their audit rows with outbox rows, the cursor), so a
 * crash either keeps all of it or none: a restart never emits a log twice and never skips one.
 */
import type { AuditInput, StoredAudit } from '../audit/types.js';

/** One chain log and the audit events it makes (a TreasuryOutflow, maybe a TreasuryTheftSuspected). */
export interface IndexedLog {
  readonly txHash: string;
  readonly logIndex: number;
  readonly block: bigint;
  /** What the log was read as (`deposit`, `outflow`): kept with its key for whoever looks later. */
  readonly kind: string;
  readonly events: readonly AuditInput[];
}

export interface ChainIndexRepository {
  /** The last block whose logs are all recorded, or undefined before the first range. */
  cursor(stream: string): Promise<bigint | undefined>;
  /**
   * In one transaction: every log not recorded before (by txHash and logIndex) with its audit
   * rows, then the cursor moved to `through` (never back). Returns the audit rows written, for the
   * caller to publish; a log recorded before writes nothing.
   */
  record(stream: string, through: bigint, logs: readonly IndexedLog[], at: Date): Promise<StoredAudit[]>;
}
