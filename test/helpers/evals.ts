/**
 * Writes scenarios (and blueprints) into a folder of the test's own, as an operator's
 * SVC_EVAL_DIR, and runs the suite on them, so each test names exactly the scenarios it means.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { startSvc } from './process.js';
import { runSuite, type SuiteOptions } from '../../evals/suite.js';
import type { EvalReport, SuiteInputs } from '../../schemas/eval-report.js';
import type { Flow } from '../../schemas/flows.js';
import { evalEngine } from '../../main/eval-engine.js';

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
  opts: Partial<SuiteOptions> = {},
): Promise<EvalReport> {
  return runSuite({ request, definitions, evalDir: evalDir(t, f) }, { engine: evalEngine, ...opts });
}

/** The results as `{id: failures}`: what a test compares, free of timings. */
export function failuresById(report: EvalReport): Record<string, readonly string[]> {
  return Object.fromEntries(report.results.map((r) => [r.id, r.failures]));
}

/** A one-step flow that greets its input; `stepId` lets a test rename the step and nothing else. */
export const greetFlow = (stepId: string): Record<string, unknown> => ({
  id: 'greet',
  title: 'greet',
  trigger: 'manual',
  scope: { level: 'org' },
  steps: [{ id: stepId, kind: 'model', prompt: 'Say hi to {{input}}' }],
});

export interface EvalServe {
  /** The operator's SVC_EVAL_DIR. */
  readonly dir: string;
  /** A folder of the test's own holding `<name>.json` for every flow given. */
  readonly files: string;
  /** What the CLI needs to reach the server. */
  readonly env: Record<string, string>;
}

/** `svc serve` with an operator eval folder holding `scenarios`, and flow files the CLI can save. */
export async function serveWithEvals(
  t: Test,
  token: string,
  scenarios: readonly Record<string, unknown>[],
  flows: Readonly<Record<string, unknown>>,
): Promise<EvalServe> {
  const dir = evalDir(t, { scenarios });
  // Not t.testdir: that is the eval folder's, and a second call would replace it.
  const files = mkdtempSync(join(tmpdir(), 'evals-cli-'));
  t.teardown(() => rmSync(files, { recursive: true, force: true }));
  for (const [name, flow] of Object.entries(flows)) writeFileSync(`${files}/${name}.json`, JSON.stringify(flow));
  const serve = await startSvc(t, ['serve'], { SVC_ORCH_TOKEN: token, SVC_EVAL_DIR: dir });
  return { dir, files, env: { SVC_URL: serve.url!, SVC_ORCH_TOKEN: token } };
}
