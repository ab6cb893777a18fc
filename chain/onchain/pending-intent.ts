import type { Address } from 'viem';

/** An intent the chain holds open, as read just now. */
export interface PendingIntent {
  readonly asset: string;
  readonly intentId: string;
  readonly approver: Address;
  /** The root, or a HumanRoot, waits: the human decides. */
  readonly rootDepth: boolean;
}
