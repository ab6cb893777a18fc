/**
 * The public face of `evals/`: what the eval route's child process and the CLI use. The host
 * calls `installNetworkBlock()` first, then `runSuite`; the report shapes are in schemas/eval-report.ts,
 * which the surface imports alone so it never loads the engine it isolates.
 */
export { listScenarios, runSuite, EVAL_EPOCH, type SuiteOptions } from './suite.js';
export { installNetworkBlock, takeBlockedAttempts, isNetworkBlocked } from './net-block.js';
export type {
  EvalReport,
  EvalRequest,
  ScenarioListing,
  ScenarioResult,
  ScenarioSource,
  SnapshotMode,
  SuiteInputs,
} from '../schemas/eval-report.js';
export type { Invalid } from './load.js';
