/**
 * Scope decides who sees a saved flow (spec 001 "Scope and ceiling"): `org` every node, `team`
 * the node at `ref` and everyone reporting under it, `agent` the agent at `ref` and its
 * managers. Reporting lines come from the one org source (runtime/org.ts, the same lines the MCP
 * allowlist resolves): a seat V is under team T when T is among V's crews, and manages agent R
 * when V is among R's crews. With no org declared every line is just the seat, so a `team` or
 * `agent` flow is visible to the seat named by `ref` only. The operator sees everything.
 */
import { reportingLine } from '../../../runtime/org.js';
import type { OrgConfig } from '../../../schemas/mcp.js';

export interface ScopeLike { readonly level: string; readonly ref?: string | undefined }

export function visibleTo(scope: ScopeLike, viewer: { operator: boolean; seat: string }, org: Readonly<OrgConfig>): boolean {
  if (viewer.operator) return true;
  if (scope.level === 'org' || scope.ref === undefined) return scope.level === 'org';
  if (scope.level !== 'team' && scope.level !== 'agent') return false;
  if (viewer.seat === scope.ref) return true;
  if (scope.level === 'team') return reportingLine(org, viewer.seat).crews.includes(scope.ref);
  return reportingLine(org, scope.ref).crews.includes(viewer.seat);
}
