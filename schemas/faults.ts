/** The fault points SVC_FAULTS may name (test only), and what the parsed setting offers the
 * process (kernel/faults.ts parses it; the configuration carries it). */
export const FAULT_POINTS = [
  'attempt.before-open',
  'attempt.opened',
  'effect.returned',
  'boundary.before-commit',
  'boundary.committed',
  'ack.before',
  'wake.before-send',
  'wait.bound',
  'tick.proposed',
] as const;
export type FaultPoint = (typeof FAULT_POINTS)[number];

export interface Faults {
  /** Crashes or throws when an armed entry matches; otherwise returns. */
  hit(point: FaultPoint, tag?: string): void;
}
