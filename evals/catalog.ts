/**
 * Every scenario and blueprint the suite knows: the shipped ones (first-party) and those in the
 * operator's folder (SVC_EVAL_DIR: scenarios at its top, blueprints in its `blueprints/`), each
 * checked at load. A second scenario (or blueprint) with an id already loaded is refused and
 * reported: which of the two would run is not for the operator to guess.
 */
import { join } from 'node:path';
import { Blueprint, Scenario } from '../schemas/evals.js';
import type { ScenarioSource } from '../schemas/eval-report.js';
import { loadFolder, type Invalid } from './load.js';
import { shippedDir } from './paths.js';

export interface CatalogScenario {
  readonly scenario: Scenario;
  readonly source: ScenarioSource;
  readonly path: string;
}

export interface Catalog {
  readonly scenarios: readonly CatalogScenario[];
  readonly blueprints: ReadonlyMap<string, Blueprint>;
  readonly invalid: readonly Invalid[];
}

export async function loadCatalog(evalDir: string | undefined): Promise<Catalog> {
  const folders: { source: ScenarioSource; scenarios: string; blueprints: string; optional: boolean }[] = [
    { source: 'first-party', scenarios: shippedDir('scenarios'), blueprints: shippedDir('blueprints'), optional: false },
  ];
  if (evalDir !== undefined)
    folders.push({ source: 'operator', scenarios: evalDir, blueprints: join(evalDir, 'blueprints'), optional: false });
  const scenarios: CatalogScenario[] = [];
  const blueprints = new Map<string, { value: Blueprint; path: string }>();
  const invalid: Invalid[] = [];
  const seen = new Map<string, string>();
  for (const f of folders) {
    const s = await loadFolder<Scenario>(Scenario, f.scenarios, f.optional);
    invalid.push(...s.invalid);
    for (const { path, value } of s.loaded) {
      const other = seen.get(value.id);
      if (other !== undefined) invalid.push({ path, error: `scenario id ${value.id} is also used by ${other}` });
      else {
        seen.set(value.id, path);
        scenarios.push({ scenario: value, source: f.source, path });
      }
    }
    // A folder of scenarios need not have blueprints.
    const b = await loadFolder<Blueprint>(Blueprint, f.blueprints, true);
    invalid.push(...b.invalid);
    for (const { path, value } of b.loaded) {
      const other = blueprints.get(value.id);
      if (other) invalid.push({ path, error: `blueprint id ${value.id} is also used by ${other.path}` });
      else blueprints.set(value.id, { value, path });
    }
  }
  return { scenarios, blueprints: new Map([...blueprints].map(([id, b]) => [id, b.value])), invalid };
}
