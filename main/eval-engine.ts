/**
 * The flow engine as the eval suite runs it: the run actor's engine on the system the harness
 * builds, with no delivery log (no webhook delivery starts an eval run). Handed to the suite by
 * the eval child's entry (eval-child.ts), so evals/ never imports an actor's folder.
 */
import { createEngine } from '../actors/run/engine/index.js';
import type { EvalEngine } from '../evals/harness.js';

export const evalEngine: EvalEngine = (system) => createEngine({ ...system, deliveryLog: async () => true });
