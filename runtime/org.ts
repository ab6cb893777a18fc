/**
 * The one org source every actor reads reporting lines from. Without a chain that is the org the
 * operator declares (`SVC_ORG`, parsed once in runtime/config.ts); with one it is the chain's tree
 * (chain/org-snapshot.ts) with SVC_ORG as the directive overlay. A seat the org does not list
 * reports to nobody but the workspace. The MCP allowlist, flow scope and heartbeats all call this,
 * so "who is above whom" can never differ between them.
 */
import { getAddress, isAddress } from 'viem';
import type { Config } from '../schemas/config.js';
import type { OrgConfig } from '../schemas/mcp.js';

/** The org now: the live source when the process has one (a chain), else the declared org. */
export function orgOf(deps: {
  readonly config: Pick<Config, 'org'>;
  readonly org?: (() => Readonly<OrgConfig>) | undefined;
}): Readonly<OrgConfig> {
  return deps.org?.() ?? deps.config.org;
}

/** SVC_ORG as a chain's off-chain overlay: the entries keyed by an address (any spelling), by
 * checksummed address. An entry keyed by a name is no chain seat, so it is left out. */
export function overlayByAddress(declared: Readonly<OrgConfig>): ReadonlyMap<string, OrgConfig[string]> {
  const overlay = new Map<string, OrgConfig[string]>();
  for (const [seat, entry] of Object.entries(declared)) if (isAddress(seat, { strict: false })) overlay.set(getAddress(seat), entry);
  return overlay;
}

export interface ReportingLine {
  readonly seat: string | undefined;
  /** Crews above the seat, nearest first. */
  readonly crews: readonly string[];
}

export function reportingLine(org: Readonly<OrgConfig>, seat: string | undefined): ReportingLine {
  if (seat === undefined) return { seat, crews: [] };
  return { seat, crews: Object.hasOwn(org, seat) ? org[seat]!.crews : [] };
}
