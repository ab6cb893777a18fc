/**
 * The session-key aggregate: keys this orchestrator issued, with the private half
 * sealed when a sealing key is configured, their issue and revoke records (/sessions/history), and
 * the signed transactions steps recorded under their attempts before broadcasting them.
 */

export interface SessionRow {
  readonly registry: `0x${string}`;
  readonly sessionId: bigint;
  readonly agent: `0x${string}`;
  readonly keyAddress: `0x${string}`;
  readonly maxValue: bigint;
  readonly mask: number;
  /** Pinned targets; empty: any. */
  readonly pins: readonly `0x${string}`[];
  readonly expiresAt: Date;
  /** The private key sealed under SVC_SESSION_KEY; null when it was kept in memory only. */
  readonly sealedKey: string | null;
  readonly issuedBy: `0x${string}`;
  readonly issuedTx: `0x${string}`;
  readonly issuedAt: Date;
  readonly revokedAt: Date | null;
  readonly revokedBy: string | null;
  readonly revokedTx: `0x${string}` | null;
}

/** What a key is reused for: the same agent under the same bounds on the same registry. */
export interface SessionBounds {
  readonly registry: `0x${string}`;
  readonly agent: `0x${string}`;
  readonly maxValue: bigint;
  readonly mask: number;
  readonly pins: readonly `0x${string}`[];
}

export interface HistoryEvent {
  readonly sessionId: bigint;
  readonly agent: `0x${string}`;
  readonly event: 'issued' | 'revoked';
  readonly authorizedBy: string;
  readonly txHash: `0x${string}` | null;
  readonly at: Date;
}

export interface SendRow {
  /** The attempt's base key (`<run>/<step>/<seq>`), shared by its retries. */
  readonly attempt: string;
  readonly txHash: `0x${string}`;
  readonly rawTx: `0x${string}`;
  readonly sender: `0x${string}`;
  readonly sessionId: bigint | null;
  readonly createdAt: Date;
}

export interface ChainSessionRepository {
  issued(s: SessionRow): Promise<void>;
  /** Unrevoked keys under these bounds expiring after `after`, latest expiry first. */
  live(b: SessionBounds, after: Date): Promise<SessionRow[]>;
  /** Unrevoked keys of the agent on the registry (any bounds) expiring after `after`. */
  liveOf(registry: `0x${string}`, agent: `0x${string}`, after: Date): Promise<SessionRow[]>;
  /** The key's record, when this orchestrator issued it. */
  get(registry: `0x${string}`, sessionId: bigint): Promise<SessionRow | undefined>;
  /** False when it was already revoked (or is unknown). */
  revoked(registry: `0x${string}`, sessionId: bigint, by: string, tx: `0x${string}` | null, at: Date): Promise<boolean>;
  /** Issue and revoke events on the registry, newest first. */
  history(registry: `0x${string}`, limit: number): Promise<HistoryEvent[]>;

  /** The first record of the attempt wins; the stored one is returned. */
  recordSend(s: SendRow): Promise<SendRow>;
  sendOf(attempt: string): Promise<SendRow | undefined>;
}
