/**
 * The shapes an eval suite answers with, shared by the suite runner (which runs the scenarios)
 * and by the route and CLI (which run it in a child process and present the result). Kept apart
 * so the surface never imports the engine it isolates.
 */
import type { Flow } from './flows.js';

/** Where a scenario came from: shipped with svc, the operator's SVC_EVAL_DIR, or the request. */
export type ScenarioSource = 'first-party' | 'operator' | 'inline';

export interface ScenarioListing {
  readonly id: string;
  readonly describe: string;
  readonly flow: string;
  readonly source: ScenarioSource;
}

export interface ScenarioResult {
  readonly id: string;
  readonly ok: boolean;
  /** One line each: what was expected against what happened. */
  readonly failures: readonly string[];
  readonly durationMs: number;
}

export interface EvalReport {
  readonly ok: boolean;
  readonly passed: number;
  readonly failed: number;
  readonly matched: number;
  readonly results: readonly ScenarioResult[];
  /** First-party flows (templates) no scenario exercises: a warning, never a failure. */
  readonly coverage: { readonly uncovered: readonly string[] };
}

/** `POST /flows/eval`: none of the fields runs everything. */
export interface EvalRequest {
  readonly ids?: readonly string[];
  /**
   * An inline flow definition: the scenarios whose `flow` names its id run against it instead of
   * the saved or template one (`svc flows eval --file`, eval before save). Only those run.
   */
  readonly flow?: unknown;
  /**
   * An inline blueprint (`svc crews eval <file>`): the scenarios bound to its id run with it, in
   * place of a shipped or operator blueprint of that id. Only those run.
   */
  readonly blueprint?: unknown;
}

/**
 * What the suite does with trace snapshots (`__snapshots__/<scenario>.snap.json` beside each
 * scenario file): `update` writes each passing scenario's; `check` compares against one where it
 * exists. Absent means `check`: a snapshot is only ever created on request.
 */
export type SnapshotMode = 'update' | 'check';

/** What the suite runner needs from its host: saved definitions resolved up front, so the child never opens the store. */
export interface SuiteInputs {
  readonly request: EvalRequest;
  /** Saved flow definitions by id, for scenarios whose `flow` names one (`<id>` or `definition:<id>`). */
  readonly definitions: Readonly<Record<string, Flow>>;
  /** The operator's scenario folder (SVC_EVAL_DIR), if any. */
  readonly evalDir?: string;
  /** Default `check`. A request with an inline flow or blueprint neither writes nor checks one. */
  readonly snapshots?: SnapshotMode;
}
