/** Work the clock fans out once per window (actors add theirs; the audit outbox has one). */
export interface Sweep {
  readonly name: string;
  run(window: number, at: Date): Promise<void>;
}
