/**
 * Writes scenarios (and blueprints) into a folder of the test's own, as an operator's
 * SVC_EVAL_DIR, and runs the suite on them, so each test names exactly the scenarios it means.
 */
import type { Test } from 'tap';
import { runSuite, type SuiteOptions } from '../../evals/suite.js';
import type { EvalReport, SuiteInputs } from '../../evals/report.js';
import type { Flow } from '../../schemas/flows.js';

export interface EvalFixture {
  readonly scenarios?: readonly Record<string, unknown>[];
  readonly blueprints?: readonly Record<string, unknown>[];
  /** Raw files (name → text), for invalid ones. */
  readonly files?: Readonly<Record<string, string>>;
}

export function evalDir(t: Test, f: EvalFixture): string {
  const tree: Record<string, unknown> = { ...f.files };
  for (const s of f.scenarios ?? []) tree[`${String(s.id)}.json`] = JSON.stringify(s);
  if (f.blueprints?.length) tree.blueprints = Object.fromEntries(f.blueprints.map((b) => [`${String(b.id)}.json`, JSON.stringify(b)]));
  return t.testdir(tree as Parameters<Test['testdir']>[0]);
}

/** Runs exactly the given scenarios (by id) from a fresh folder, against these saved definitions. */
export async function runScenarios(
  t: Test,
  f: EvalFixture,
  definitions: Record<string, Flow> = {},
  request: SuiteInputs['request'] = { ids: (f.scenarios ?? []).map((s) => String(s.id)) },
  opts: SuiteOptions = {},
): Promise<EvalReport> {
  return runSuite({ request, definitions, evalDir: evalDir(t, f) }, opts);
}

/** The results as `{id: failures}`: what a test compares, free of timings. */
export function failuresById(report: EvalReport): Record<string, readonly string[]> {
  return Object.fromEntries(report.results.map((r) => [r.id, r.failures]));
}
