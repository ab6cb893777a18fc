/**
 * The contract between the flow engine and the step executors. The engine owns ordering,
 * checkpoints, attempts, leases and parking; an executor does one step and says where to go.
 * Executors never write run state themselves.
 */
import type { Logger } from 'pino';
import type { Bus } from '../../../bus/types.js';
import type { Store } from '../../../store/types.js';
import type { Config } from '../../../schemas/config.js';
import type { Audit } from '../../../runtime/audit.js';
import type { ModelProvider } from '../../../model/port.js';
import type { ResumeSignal } from '../../../schemas/runs.js';
import type { Flow, RunTrigger, Step, StepKind, WaitingReason } from '../../../schemas/flows.js';
import type { StepOutput } from '../../../flows/outputs.js';

export type { StepOutput } from '../../../flows/outputs.js';

export interface RunView {
  readonly id: string;
  /** The seat the run executes as: always its invoking principal, never the flow's scope. */
  readonly principal: string;
  readonly flow: Flow;
  readonly input: string | undefined;
  readonly trigger: RunTrigger;
  /** Flow ids on the delegation stack, outermost first (this run's flow last). */
  readonly stack: readonly string[];
  readonly parent: { readonly runId: string; readonly stepId: string } | undefined;
}

export interface StepContext<S extends Step = Step> {
  readonly run: RunView;
  readonly step: S;
  /** Outputs of the steps done so far, by step id. */
  readonly outputs: Readonly<Record<string, StepOutput>>;
  /** Interpolates a template against input and outputs (interpolate.ts). */
  render(template: string): string;
  /** Names the attempt record the engine opened for a side-effecting step. */
  readonly attemptKey: string;
  /** Set when a parked step is re-entered. */
  readonly resume: ResumeSignal | undefined;
  /** The run's trace id, for every command the step sends (their events and log lines carry it). */
  readonly traceId: string;
  readonly deps: {
    readonly config: Config;
    readonly bus: Bus;
    readonly store: Store;
    readonly audit: Audit;
    readonly log: Logger;
    readonly model: ModelProvider;
    /** The clock deadlines read (tests inject one). */
    readonly now: () => number;
  };
}

export type StepResult =
  /** Done. `port` undefined falls through to the step's `next` (or the next step in order); null stops. */
  | { readonly kind: 'done'; readonly output: StepOutput; readonly port?: string | null }
  /** Park the run; the step is re-entered with a ResumeSignal when released. `token` is e.g. the child run id. */
  | { readonly kind: 'park'; readonly reason: WaitingReason; readonly token?: string; readonly summary: string }
  /** Fail the step and the run; `code` is a catalogue code (e.g. flow_delegate_failed). */
  | { readonly kind: 'fail'; readonly code: string; readonly message: string };

export interface StepExecutor<K extends StepKind = StepKind> {
  readonly kind: K;
  /** Whether the engine opens an attempt record around the call: a side effect interrupted by a
   * crash is never repeated blind (docs/operations.md "Recovery"). For
   * `tool` this depends on the tool name, so the engine asks per step. */
  sideEffect(step: Extract<Step, { kind: K }>): boolean;
  /** Cheap, in-process and free of effects, so running it again after a crash costs nothing:
   * its checkpoint may wait for the next step's boundary when that step is replayable too
   * (engine/driver.ts). Absent means no. */
  replayable?(step: Extract<Step, { kind: K }>): boolean;
  execute(ctx: StepContext<Extract<Step, { kind: K }>>): Promise<StepResult>;
}
