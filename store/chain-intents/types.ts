/** The intent history: what each resolution sent through svc became on the chain, and who authorized it. */

export type IntentOutcome = 'settled' | 'climbed' | 'rejected' | 'denied';

export interface IntentResolutionRow {
  readonly id: string;
  readonly asset: string;
  readonly intentId: string;
  readonly outcome: IntentOutcome;
  /** What the chain decided: false for a rejection and for a DENY at the approver's stack. */
  readonly approved: boolean;
  readonly approver: string;
  readonly authorizedBy: string;
  /** The next seat, when the approval climbed. */
  readonly awaiting: string | null;
  readonly txHash: string;
  readonly at: Date;
}

export interface ChainIntentRepository {
  record(row: IntentResolutionRow): Promise<void>;
  /** Newest first. */
  list(limit: number): Promise<IntentResolutionRow[]>;
  /** The resolution recorded for this intent from this transaction, if any. */
  byTx(asset: string, intentId: string, txHash: string): Promise<IntentResolutionRow | undefined>;
}
