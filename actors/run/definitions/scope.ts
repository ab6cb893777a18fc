/**
 * Scope decides who sees a saved flow (spec 001 "Scope and ceiling"): `org` every node, `team`
 * the node at `ref` and everyone reporting under it, `agent` the agent at `ref` and its
 * managers. The reporting line comes from the org source; with none configured (mock mode) a
 * seat's reporting line is just the seat itself, so `team` and `agent` flows are visible to the
 * seat named by `ref` only. The operator sees everything.
 */
export interface ScopeLike { readonly level: string; readonly ref?: string | undefined }

/** Who the org source says `seat` reports to, nearest first (the seat itself included). */
export type ReportingLine = (seat: string) => readonly string[];
/** Who reports to `seat`'s node and above it: the seat and its managers (nearest first). */
export type ManagersOf = (seat: string) => readonly string[];

export const mockReportingLine: ReportingLine = (seat) => [seat];
export const mockManagersOf: ManagersOf = (seat) => [seat];

export function visibleTo(scope: ScopeLike, viewer: { operator: boolean; seat: string }, line: ReportingLine = mockReportingLine, managers: ManagersOf = mockManagersOf): boolean {
  if (viewer.operator) return true;
  if (scope.level === 'org' || scope.ref === undefined) return scope.level === 'org';
  if (scope.level === 'team') return line(viewer.seat).includes(scope.ref);
  if (scope.level === 'agent') return managers(scope.ref).includes(viewer.seat);
  return false;
}
