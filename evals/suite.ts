/**
 * The eval suite: lists the scenarios, and runs the ones a request selects, one after the
 * other, each on a fresh embedded system (harness.ts) with an injected clock, and reports
 * `{ok, passed, failed, matched, results, coverage}`. It does not block the network itself:
 * the child process that hosts it installs net-block.ts first; the suite reads what that block
 * stopped after each scenario and fails the scenario naming each URL or host.
 */
import { performance } from 'node:perf_hooks';
import { TEMPLATES } from '../flows/templates.js';
import { validateFlow } from '../flows/validate.js';
import { isAppError } from '../schemas/errors.js';
import type { Flow } from '../schemas/flows.js';
import { Blueprint, type Scenario } from '../schemas/evals.js';
import type { EvalReport, ScenarioListing, ScenarioResult, SuiteInputs } from '../schemas/eval-report.js';
import { loadCatalog, type CatalogScenario } from './catalog.js';
import { schemaError, type Invalid } from './load.js';
import { runScenario, type HarnessOptions } from './harness.js';
import { check } from './assert.js';
import { takeBlockedAttempts } from './net-block.js';
import { snapshotOf } from './snapshot.js';
import { applySnapshot } from './snapshot-store.js';

/** The instant every eval run reads: no clock is consulted, so a run is the same every time. */
export const EVAL_EPOCH = Date.UTC(2026, 0, 1);

export interface SuiteOptions {
  /** The flow engine (main/eval-engine.ts). */
  readonly engine: HarnessOptions['engine'];
  /** The clock the engine reads; default the fixed EVAL_EPOCH. */
  readonly now?: () => number;
  /** Replaces the model double (tests). */
  readonly model?: HarnessOptions['model'];
}

export async function listScenarios(opts: { evalDir?: string }): Promise<{ scenarios: ScenarioListing[]; invalid: Invalid[] }> {
  const c = await loadCatalog(opts.evalDir);
  return {
    scenarios: c.scenarios.map(({ scenario: s, source }) => ({ id: s.id, describe: s.describe, flow: s.flow, source })),
    invalid: [...c.invalid],
  };
}

/** The id of the flow a scenario's `flow` names, and whether only a saved definition may answer. */
function flowRef(flow: string): { id: string; definitionOnly: boolean } {
  return flow.startsWith('definition:')
    ? { id: flow.slice('definition:'.length), definitionOnly: true }
    : { id: flow, definitionOnly: false };
}

const failed = (id: string, failures: string[]): ScenarioResult => ({ id, ok: false, failures, durationMs: 0 });

export async function runSuite(inputs: SuiteInputs, opts: SuiteOptions): Promise<EvalReport> {
  const { request } = inputs;
  const catalog = await loadCatalog(inputs.evalDir);
  const results: ScenarioResult[] = catalog.invalid.map((i) => failed(i.path, [`invalid: ${i.error}`]));

  let inlineFlow: Flow | undefined;
  if (request.flow !== undefined) {
    try {
      inlineFlow = validateFlow(request.flow);
    } catch (err) {
      results.push(failed('request.flow', [`invalid: ${isAppError(err) ? err.message : String(err)}`]));
    }
  }
  let inlineBlueprint: Blueprint | undefined;
  if (request.blueprint !== undefined) {
    const err = schemaError(Blueprint, request.blueprint);
    if (err === undefined) inlineBlueprint = request.blueprint as Blueprint;
    else results.push(failed('request.blueprint', [`invalid: ${err}`]));
  }

  const selected = catalog.scenarios.filter(({ scenario: s }) => {
    if (request.flow !== undefined && (inlineFlow === undefined || flowRef(s.flow).id !== inlineFlow.id)) return false;
    if (request.blueprint !== undefined && (inlineBlueprint === undefined || s.blueprint !== inlineBlueprint.id)) return false;
    return request.ids === undefined || request.ids.includes(s.id);
  });

  const blueprints = new Map(catalog.blueprints);
  if (inlineBlueprint) blueprints.set(inlineBlueprint.id, inlineBlueprint);
  const now = opts.now ?? (() => EVAL_EPOCH);
  // An inline flow stands in for the saved one of its id wherever it is read, a delegate included.
  const definitions = inlineFlow ? { ...inputs.definitions, [inlineFlow.id]: inlineFlow } : inputs.definitions;
  // One after the other: each reads the network block's record for itself alone.
  for (const entry of selected) {
    results.push(
      await runOne(entry, {
        inputs,
        inlineFlow,
        blueprints,
        harness: { engine: opts.engine, now, definitions, ...(opts.model ? { model: opts.model } : {}) },
      }),
    );
  }

  const covered = new Set(catalog.scenarios.map(({ scenario: s }) => s.flow));
  const passed = results.filter((r) => r.ok).length;
  return {
    ok: selected.length > 0 && passed === results.length,
    passed,
    failed: results.length - passed,
    matched: selected.length,
    results,
    coverage: { uncovered: TEMPLATES.map((t) => t.id).filter((id) => !covered.has(id)) },
  };
}

interface RunContext {
  readonly inputs: SuiteInputs;
  readonly inlineFlow: Flow | undefined;
  readonly blueprints: ReadonlyMap<string, Blueprint>;
  readonly harness: HarnessOptions;
}

/** The flow a scenario runs: the inline one, a template, or a saved definition. */
function resolveFlow(s: Scenario, ctx: RunContext): Flow | string {
  const ref = flowRef(s.flow);
  if (ctx.inlineFlow?.id === ref.id) return ctx.inlineFlow;
  const template = ref.definitionOnly ? undefined : TEMPLATES.find((t) => t.id === ref.id);
  if (template) return template.flow;
  if (Object.hasOwn(ctx.inputs.definitions, ref.id)) return ctx.inputs.definitions[ref.id]!;
  return `flow: expected ${ref.definitionOnly ? 'a saved definition' : 'a template or saved definition'} ${ref.id}, got none`;
}

async function runOne({ scenario: s, path }: CatalogScenario, ctx: RunContext): Promise<ScenarioResult> {
  const started = performance.now();
  const flow = resolveFlow(s, ctx);
  if (typeof flow === 'string') return failed(s.id, [flow]);
  const blueprint = s.blueprint === undefined ? undefined : ctx.blueprints.get(s.blueprint);
  if (s.blueprint !== undefined && !blueprint) return failed(s.id, [`blueprint: expected blueprint ${s.blueprint}, got none loaded`]);
  takeBlockedAttempts(); // what an earlier scenario or the host reached for is not this scenario's
  const obs = await runScenario(s, flow, blueprint, ctx.harness);
  const failures = [
    ...(obs.startError === undefined ? [] : [`run: expected the run to start, got ${obs.startError}`]),
    ...takeBlockedAttempts().map((a) => `network: expected no network access, got an attempt to reach ${a}`),
    ...obs.record.problems,
    ...check(s.expect, obs),
  ];
  // A run against an inline flow or blueprint is not the one the scenario's file describes: writing
  // its trace would record an unsaved definition, and checking it would refuse every intended change.
  if (ctx.inlineFlow === undefined && ctx.inputs.request.blueprint === undefined)
    failures.push(
      ...(await applySnapshot({
        mode: ctx.inputs.snapshots ?? 'check',
        scenarioPath: path,
        actual: snapshotOf(s.id, obs),
        failedOtherwise: failures.length > 0,
      })),
    );
  return { id: s.id, ok: failures.length === 0, failures, durationMs: Math.round(performance.now() - started) };
}
