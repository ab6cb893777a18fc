/**
 * A flow as a graph: one node per step, one edge per port. The edge rules are the SDK
 * validator's own (explicitEdges, fallsThrough), so the picture is the graph the engine walks.
 */
import { explicitEdges, fallsThrough } from '../../sdk/edges.js';
import type { Flow, Step } from '../../sdk/schema.js';

export interface Edge {
  from: string;
  to: string;
  /** The port's name: `next`, `onTrue`, `options.yes.port`, ... or `(falls through)`. */
  port: string;
}

export const FALLS_THROUGH = 'next (in order)';

export function flowEdges(flow: Pick<Flow, 'steps'>): Edge[] {
  const ids = new Set(flow.steps.map((s) => s.id));
  const out: Edge[] = [];
  flow.steps.forEach((s: Step, i) => {
    // A step still being edited may be half-formed; it then simply draws no edge.
    const edges = attempt(() => explicitEdges(s), []);
    for (const e of edges) if (typeof e.to === 'string' && ids.has(e.to)) out.push({ from: s.id, to: e.to, port: shortPort(e.name) });
    const next = flow.steps[i + 1];
    if (next && attempt(() => fallsThrough(s), false)) out.push({ from: s.id, to: next.id, port: FALLS_THROUGH });
  });
  return out;
}

/** `options.yes.port` reads as `yes`, `cases[0].port` as `case 0`. */
function shortPort(name: string): string {
  const opt = /^options\.(.+)\.port$/.exec(name);
  if (opt) return opt[1]!;
  const c = /^cases\[(\d+)\]\.port$/.exec(name);
  if (c) return `case ${c[1]}`;
  return name;
}

function attempt<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}
