/**
 * Who sees and changes a saved flow (its scope): `org` every node, `team`
 * the node at `ref` and everyone reporting under it, `agent` the agent at `ref` and its
 * managers. Reporting lines come from the one org source (runtime/org.ts, the same lines the MCP
 * allowlist resolves): a seat V is under team T when T is among V's crews, and manages agent R
 * when V is among R's crews. With no org declared every line is just the seat, so a `team` or
 * `agent` flow is visible to the seat named by `ref` only. The operator sees everything.
 * The run actor (save, delete, load for a start), the flow listing and the trigger actor (may a
 * trigger's principal run its flow) all ask here.
 */
import { reportingLine } from '../runtime/org.js';
import type { OrgConfig } from '../schemas/mcp.js';
import { isOperator, type Caller } from './caller.js';

export interface FlowScope {
  readonly level: string;
  readonly ref?: string | undefined;
}

export function maySeeFlow(scope: FlowScope, caller: Pick<Caller, 'kind' | 'seat'>, org: Readonly<OrgConfig>): boolean {
  if (isOperator(caller)) return true;
  if (scope.level === 'org' || scope.ref === undefined) return scope.level === 'org';
  if (scope.level !== 'team' && scope.level !== 'agent') return false;
  if (caller.seat === scope.ref) return true;
  if (scope.level === 'team') return reportingLine(org, caller.seat).crews.includes(scope.ref);
  return reportingLine(org, scope.ref).crews.includes(caller.seat);
}

/** Who may change (overwrite or delete) a saved flow: the operator, or the seat that saved it while it can still see it. */
export function mayChangeFlow(
  saved: { readonly savedBy: string; readonly scope: FlowScope },
  caller: Pick<Caller, 'kind' | 'seat'>,
  org: Readonly<OrgConfig>,
): boolean {
  return isOperator(caller) || (saved.savedBy === caller.seat && maySeeFlow(saved.scope, caller, org));
}
