/**
 * A trace snapshot (docs/evals.md "Trace snapshots"): what a scenario's run did, reduced to the facts
 * that are the same on every run of it (the steps in order with the port each took and the
 * verdict policy gave, the run's status, and the call counts), so a later run of the same scenario
 * can be compared to it and the first thing that changed named in one line. Wall times, run
 * timestamps and summaries are left out: a snapshot that moved with the clock or the wording of a
 * summary would fail runs that did nothing different.
 */
import { Type, type Static } from 'typebox';
import type { TraceEntry } from '../schemas/runs.js';
import type { Observation } from './harness.js';
import { callCounts } from './assert.js';

export const SnapshotStep = Type.Object(
  {
    step: Type.String(),
    status: Type.Union([Type.Literal('done'), Type.Literal('parked'), Type.Literal('failed')]),
    /** Where a done step routed; null when the run stopped there. Absent for a parked or failed step. */
    port: Type.Optional(Type.Union([Type.String(), Type.Null()])),
    verdict: Type.Optional(Type.String()),
  },
  { additionalProperties: false },
);
export type SnapshotStep = Static<typeof SnapshotStep>;

export const TraceSnapshot = Type.Object(
  {
    /** Bumped if the shape changes, so an old file reads as stale rather than as a divergence. */
    version: Type.Literal(1),
    scenario: Type.String(),
    status: Type.String(),
    steps: Type.Array(SnapshotStep),
    /** Calls per name (`<connector>.<route>`, `mcp__…`, `svc_*`, `model`), keys sorted. */
    calls: Type.Record(Type.String(), Type.Integer({ minimum: 0 })),
  },
  { additionalProperties: false },
);
export type TraceSnapshot = Static<typeof TraceSnapshot>;

/** A `resumed` entry only marks a parked step re-entered; its outcome is the entry after it. */
function stepOf(e: TraceEntry): SnapshotStep | undefined {
  if (e.status === 'resumed') return undefined;
  return {
    step: e.stepId,
    status: e.status,
    ...(e.status === 'done' && e.port !== undefined ? { port: e.port } : {}),
    ...(e.verdict !== undefined ? { verdict: e.verdict } : {}),
  };
}

export function snapshotOf(scenarioId: string, obs: Observation): TraceSnapshot {
  const counts = callCounts(obs);
  return {
    version: 1,
    scenario: scenarioId,
    status: obs.run?.status ?? 'not started',
    steps: (obs.run?.steps ?? []).flatMap((e) => stepOf(e) ?? []),
    // Sorted so two runs that made the same calls write the same bytes.
    calls: Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
}

/** The text a snapshot file holds: stable key order and a final newline, so a diff reads cleanly. */
export function serialize(s: TraceSnapshot): string {
  return `${JSON.stringify(s, null, 2)}\n`;
}

/** `pay→onAllow [ALLOW]`, `pay→null`, `ask (parked)`. */
function show(s: SnapshotStep): string {
  const where = s.status === 'done' ? `→${s.port === undefined ? '(no port)' : String(s.port)}` : ` (${s.status})`;
  return `${s.step}${where}${s.verdict === undefined ? '' : ` [${s.verdict}]`}`;
}

const same = (a: SnapshotStep, b: SnapshotStep): boolean =>
  a.step === b.step && a.status === b.status && a.port === b.port && a.verdict === b.verdict;
const times = (n: number): string => `${n} call${n === 1 ? '' : 's'}`;

/**
 * The first place `got` departs from `want`, as one failure line; undefined when they match.
 * Steps are compared first, in order, because a changed route explains every difference after it.
 */
export function firstDivergence(want: TraceSnapshot, got: TraceSnapshot): string | undefined {
  if (want.scenario !== got.scenario) return `snapshot: expected the snapshot of ${got.scenario}, got one of ${want.scenario}`;
  const n = Math.max(want.steps.length, got.steps.length);
  for (let i = 0; i < n; i += 1) {
    const w = want.steps[i];
    const g = got.steps[i];
    if (w && g && same(w, g)) continue;
    const expected = w ? show(w) : `the run to end after ${want.steps.length} steps`;
    const actual = g ? show(g) : `the run ended after ${got.steps.length} steps`;
    return `snapshot: step ${i + 1} expected ${expected}, got ${actual}`;
  }
  if (want.status !== got.status) return `snapshot: status expected ${want.status}, got ${got.status}`;
  const names = [...new Set([...Object.keys(want.calls), ...Object.keys(got.calls)])].sort();
  for (const name of names) {
    const w = want.calls[name] ?? 0;
    const g = got.calls[name] ?? 0;
    if (w !== g) return `snapshot: calls expected ${name} ${times(w)}, got ${times(g)}`;
  }
  return undefined;
}
