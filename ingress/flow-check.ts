/**
 * Whether a trigger's flow can still be run by the trigger's principal: it exists, it is still
 * `trigger: webhook` (any trigger for a releaser), and the flow scope rule (identity/flows.ts, the same call the run engine
 * makes when it loads a saved flow for a `run.start`) lets the principal see it.
 * Asked at mint and on every delivery, so a 202 is never given for a run the worker would refuse.
 */
import { maySeeFlow } from '../identity/flows.js';
import { commandCaller } from '../identity/caller.js';
import type { OrgConfig } from '../schemas/mcp.js';

export interface FlowFacts {
  readonly trigger: string;
  readonly scopeLevel: string;
  readonly scopeRef: string | null;
}

/** `org` is the declared org (`config.org`), the one the engine judges scope by. A releaser's
 * flow may have any trigger (its deliveries release runs started some other way). */
export function flowRunnable(flow: FlowFacts | undefined, principal: string, org: Readonly<OrgConfig>, releaser = false): boolean {
  if (!flow || (!releaser && flow.trigger !== 'webhook')) return false;
  // A webhook run.start carries no operator flag, so the engine judges the principal as a seat.
  return maySeeFlow({ level: flow.scopeLevel, ref: flow.scopeRef ?? undefined }, commandCaller(principal, false), org);
}
