/** What a finished step leaves for later steps (`{{steps.<id>.text|json|verdict}}`): what a
 * template reads, and what the engine keeps per step. */
import type { Verdict } from '../schemas/flows.js';

export interface StepOutput {
  readonly text?: string;
  readonly json?: unknown;
  readonly verdict?: Verdict;
  /** One line for the run trace. */
  readonly summary: string;
}
