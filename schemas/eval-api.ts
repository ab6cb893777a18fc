/**
 * HTTP shapes of the eval routes (`GET|POST /flows/eval`). The report itself is
 * declared as plain interfaces in schemas/eval-report.ts, which the suite runner shares; the TypeBox
 * schemas here describe the same shapes for the gateway and the OpenAPI document, and the type
 * checks at the bottom fail the build when the two drift apart.
 */
import { Type, type Static } from 'typebox';
import { FlowBody } from './runs.js';
import { IdString } from './text.js';
import type { EvalReport, ScenarioListing } from './eval-report.js';

export const ScenarioSource = Type.Union([Type.Literal('first-party'), Type.Literal('operator'), Type.Literal('inline')]);

export const ScenarioListingSchema = Type.Object(
  {
    id: Type.String(),
    describe: Type.String(),
    /** A template id, a saved definition id, or `definition:<id>`. */
    flow: Type.String(),
    source: ScenarioSource,
  },
  { $id: 'EvalScenario' },
);

/** A scenario file that did not load: never skipped in silence. */
export const InvalidScenario = Type.Object({ path: Type.String(), error: Type.String() }, { $id: 'EvalInvalidScenario' });

export const EvalScenarioList = Type.Object({ scenarios: Type.Array(ScenarioListingSchema), invalid: Type.Array(InvalidScenario) });
export type EvalScenarioList = Static<typeof EvalScenarioList>;

/** A blueprint as the request carries it: the suite runner validates it, so its refusal names the field. */
const BlueprintBody = Type.Record(Type.String(), Type.Unknown(), { title: 'EvalBlueprint' });

export const EvalRunBody = Type.Object(
  {
    ids: Type.Optional(Type.Array(IdString({ maxLength: 200 }), { minItems: 1, maxItems: 1000, description: 'scenario ids to run' })),
    flow: Type.Optional(FlowBody),
    blueprint: Type.Optional(BlueprintBody),
    snapshots: Type.Optional(
      Type.Union([Type.Literal('update'), Type.Literal('check')], {
        description:
          'trace snapshots beside each scenario file: update writes them, check (the default) compares where one exists; an inline flow or blueprint does neither',
      }),
    ),
  },
  { additionalProperties: false },
);
export type EvalRunBody = Static<typeof EvalRunBody>;

export const ScenarioResultSchema = Type.Object(
  {
    id: Type.String(),
    ok: Type.Boolean(),
    /** One line each: what was expected against what happened. */
    failures: Type.Array(Type.String()),
    durationMs: Type.Number({ minimum: 0 }),
  },
  { $id: 'EvalScenarioResult' },
);

export const EvalReportSchema = Type.Object(
  {
    ok: Type.Boolean(),
    passed: Type.Integer({ minimum: 0 }),
    failed: Type.Integer({ minimum: 0 }),
    /** Scenarios the request selected; 0 is never a success. */
    matched: Type.Integer({ minimum: 0 }),
    results: Type.Array(ScenarioResultSchema),
    coverage: Type.Object({ uncovered: Type.Array(Type.String(), { description: 'first-party flows no scenario exercises' }) }),
  },
  { $id: 'EvalReport' },
);
/** The report as the wire carries it: schemas/eval-report.ts's `EvalReport` without its `readonly` marks (checked below). */
export type EvalReportBody = Static<typeof EvalReportSchema>;

/** `POST /flows?eval=1`: run the scenarios that name the flow against it before saving. */
export const SaveFlowQuery = Type.Object(
  { eval: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')], { description: '`1` evals the flow first' })) },
  { additionalProperties: false },
);

// Compile-time: the schemas above and schemas/eval-report.ts describe one shape, in both directions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;
const reportMatches: Same<Static<typeof EvalReportSchema>, Mutable<EvalReport>> = true;
const listingMatches: Same<Static<typeof ScenarioListingSchema>, Mutable<ScenarioListing>> = true;
void reportMatches;
void listingMatches;
