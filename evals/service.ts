/**
 * The orchestrator's side of evals: lists the scenarios, and runs a suite in a child process one
 * at a time, with the saved definitions its scenarios name read from the store up front (the
 * child never opens the store) and a `FlowEvalRun` audit event of counts and timing only.
 *
 * One run at a time per process: a suite is CPU-bound work on a machine that
 * also serves runs, and two at once would only make both slower and the time limit less honest.
 */
import { performance } from 'node:perf_hooks';
import type { Logger } from 'pino';
import type { Store } from '../store/types.js';
import type { Audit } from '../runtime/audit.js';
import type { Config } from '../schemas/config.js';
import { AppError } from '../schemas/errors.js';
import { definitionsFor } from './definitions.js';
import { listScenarios } from './suite.js';
import { runInChild } from './child-process.js';
import type { EvalReport, EvalRequest, ScenarioListing, SnapshotMode, SuiteInputs } from '../schemas/eval-report.js';

export interface EvalScenarios {
  readonly scenarios: ScenarioListing[];
  readonly invalid: { path: string; error: string }[];
}

export interface Evals {
  list(): Promise<EvalScenarios>;
  /** Runs the suite; 409 `eval_already_running` while another runs, 504 `eval_timeout` past the limit. */
  run(request: EvalRequest, traceId?: string, opts?: RunOptions): Promise<EvalReport>;
  /** Kills a running child (shutdown). */
  close(): void;
}

export interface RunOptions {
  /** Passed to the suite as is; absent is its default, `check`. */
  readonly snapshots?: SnapshotMode;
}

export interface EvalsDeps {
  readonly store: Store;
  readonly audit: Pick<Audit, 'record'>;
  readonly log: Logger;
  readonly config: Config['evals'];
  /** The child script (tests only: a child that hangs or crashes on purpose). */
  readonly entry?: string;
}

export function createEvals(deps: EvalsDeps): Evals {
  const dirOpt = deps.config.dir === undefined ? {} : { evalDir: deps.config.dir };
  let running = false;
  const shutdown = new AbortController();

  return {
    list: () => listScenarios(dirOpt),
    async run(request, traceId, opts = {}) {
      // Checked and taken before the first await, so two requests can never both pass.
      if (running)
        throw new AppError('eval_already_running', {
          message: 'an eval is already running in this process; one runs at a time, try again when it ends',
        });
      running = true;
      try {
        const started = performance.now();
        const { scenarios } = await listScenarios(dirOpt);
        const definitions = await definitionsFor(
          deps.store,
          scenarios.map((s) => s.flow),
          request.flow,
        );
        const inputs: SuiteInputs = { request, definitions, ...dirOpt, ...(opts.snapshots ? { snapshots: opts.snapshots } : {}) };
        const report = await runInChild(inputs, {
          timeoutMs: deps.config.timeoutMs,
          signal: shutdown.signal,
          ...(deps.entry ? { entry: deps.entry } : {}),
        });
        const durationMs = Math.round(performance.now() - started);
        const counts = {
          ok: report.ok,
          matched: report.matched,
          passed: report.passed,
          failed: report.failed,
          uncovered: report.coverage.uncovered.length,
        };
        // The eval changed nothing, so a store outage costs only its audit row, never the answer.
        await deps.audit
          .record('FlowEvalRun', { ...counts, durationMs }, traceId)
          .catch((err: unknown) => deps.log.warn({ err, ...counts }, 'eval ran; its FlowEvalRun audit row was not written'));
        return report;
      } finally {
        running = false;
      }
    },
    close: () => shutdown.abort(),
  };
}
