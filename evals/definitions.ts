/**
 * The saved flow definitions a suite may read, fetched by the orchestrator before the child starts
 * (the child never opens the store): those its scenarios name, and those any of them delegates to
 * through an `agent` step's `flowId`, followed through, from a template or the inline flow too.
 * Only those: an unrelated definition never leaves the store.
 */
import { TEMPLATES } from '../flows/templates.js';
import { definitionsOf } from '../store/definitions/index.js';
import type { Flow } from '../schemas/flows.js';
import type { Store } from '../store/types.js';

const DEFINITION_PREFIX = 'definition:';

/** The flow id a scenario's `flow` names (`<id>` or `definition:<id>`). */
export const flowIdOf = (ref: string): string => (ref.startsWith(DEFINITION_PREFIX) ? ref.slice(DEFINITION_PREFIX.length) : ref);

/** Read defensively: an inline flow has not been validated yet (the suite does that, and reports it). */
function delegatesOf(flow: unknown): string[] {
  const steps = (flow as { steps?: unknown } | null)?.steps;
  if (!Array.isArray(steps)) return [];
  return steps.flatMap((s: { kind?: unknown; flowId?: unknown } | null) =>
    s?.kind === 'agent' && typeof s.flowId === 'string' ? [s.flowId] : [],
  );
}

export async function definitionsFor(store: Store, scenarioFlows: readonly string[], inline?: unknown): Promise<Record<string, Flow>> {
  const out: Record<string, Flow> = {};
  const seen = new Set<string>();
  const queue = scenarioFlows.map(flowIdOf);
  // A template or the inline flow is not read from the store, but what it delegates to may be.
  for (const f of [...TEMPLATES.map((t) => t.flow), ...(inline === undefined ? [] : [inline])]) {
    const id = (f as { id?: unknown } | null)?.id;
    if (typeof id === 'string' && queue.includes(id)) queue.push(...delegatesOf(f));
  }
  while (queue.length) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const row = await definitionsOf(store).load(id);
    if (!row) continue;
    const flow = row.definition as unknown as Flow;
    out[id] = flow;
    queue.push(...delegatesOf(flow));
  }
  return out;
}
