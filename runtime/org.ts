/**
 * The one org source every actor reads reporting lines from. Until a chain is configured that is
 * the org the operator declares (`SVC_ORG`, parsed once in runtime/config.ts); a seat it does not
 * list reports to nobody but the workspace. The MCP allowlist and flow scope both call this, so
 * "who is above whom" can never differ between them.
 */
import type { OrgConfig } from '../schemas/mcp.js';

export interface ReportingLine {
  readonly seat: string | undefined;
  /** Crews above the seat, nearest first. */
  readonly crews: readonly string[];
}

export function reportingLine(org: Readonly<OrgConfig>, seat: string | undefined): ReportingLine {
  if (seat === undefined) return { seat, crews: [] };
  return { seat, crews: Object.hasOwn(org, seat) ? org[seat]!.crews : [] };
}
