/** The pending root challenges: issued to the root's holder, consumed by one verify attempt. */

export interface RootChallengeRow {
  /** Hex SHA-256 of the challenge bytes. */
  readonly id: string;
  readonly action: string;
  readonly subject: string;
  readonly asset: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
}

export interface RootChallengeRepository {
  /** Stores the challenge, drops expired ones, and keeps at most `keep` pending (the oldest go first). */
  issue(row: RootChallengeRow, keep: number): Promise<void>;
  /** Removes the challenge and returns it, in one statement: of any number of concurrent callers on
   * any number of processes, exactly one gets the row. Undefined when it is not (or no longer) there. */
  consume(id: string): Promise<RootChallengeRow | undefined>;
}
