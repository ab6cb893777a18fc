/**
 * With a chain, reporting lines are the chain's: OrgRegistry's tree, read through
 * the chain reads and kept as a snapshot in the shape of the declared org, so the MCP allowlist,
 * flow scope, gate assignees and heartbeats keep asking runtime/org.ts synchronously. A seat is an
 * address; its crews are its ancestors, nearest first. The declared org (SVC_ORG) becomes an
 * overlay keyed by address (runtime/org.ts): it adds a seat's directive (skills), never a reporting line.
 *
 * Until the first read answers, and once the last good read is older than `maxStaleMs`, the org is
 * the overlay with no crews: a reporting line that cannot be read is narrowed to the seat alone,
 * never taken from SVC_ORG.
 */
import { getAddress } from 'viem';
import type { Logger } from 'pino';
import { overlayByAddress } from '../runtime/org.js';
import type { OrgView } from '../schemas/chain-reads.js';
import type { OrgConfig } from '../schemas/mcp.js';

export interface ChainOrg {
  current(): Readonly<OrgConfig>;
  /** One read now (tests, boot); resolves when the snapshot was replaced or kept. */
  refresh(): Promise<void>;
  stop(): void;
}

export interface ChainOrgOptions {
  readonly read: () => Promise<OrgView>;
  readonly declared: Readonly<OrgConfig>;
  readonly log: Logger;
  readonly refreshMs?: number;
  readonly maxStaleMs?: number;
  readonly now?: () => number;
}

export function chainOrg(opts: ChainOrgOptions): ChainOrg {
  const refreshMs = opts.refreshMs ?? 5_000;
  const maxStaleMs = opts.maxStaleMs ?? 60_000;
  const now = opts.now ?? Date.now;
  const overlayOnly = Object.freeze(orgFromTree({ root: null, nodes: [] }, opts.declared));
  let snapshot: { org: Readonly<OrgConfig>; at: number } | undefined;
  let failing = false;

  const refresh = async (): Promise<void> => {
    try {
      snapshot = { org: Object.freeze(orgFromTree(await opts.read(), opts.declared)), at: now() };
      if (failing) opts.log.info('the org tree answers again');
      failing = false;
    } catch (err) {
      if (!failing)
        opts.log.warn({ err: (err as Error).message }, 'the org tree could not be read; the last snapshot stands until it is stale');
      failing = true;
    }
  };
  const timer = setInterval(() => void refresh(), refreshMs);
  timer.unref();
  void refresh();

  return {
    current: () => (snapshot && now() - snapshot.at <= maxStaleMs ? snapshot.org : overlayOnly),
    refresh,
    stop: () => clearInterval(timer),
  };
}

/** The tree as the declared org's shape: every node keyed by its checksummed address (and the
 * lowercase spelling, which callers also use), crews = ancestors nearest first. */
export function orgFromTree(tree: OrgView, declared: Readonly<OrgConfig>): OrgConfig {
  const overlay = new Map<string, readonly string[]>();
  for (const [seat, entry] of overlayByAddress(declared)) if (entry.skills) overlay.set(seat, entry.skills);
  const parent = new Map<string, string | null>(
    tree.nodes.map((n) => [getAddress(n.address), n.parent === null ? null : getAddress(n.parent)]),
  );
  const org: OrgConfig = {};
  const put = (seat: string, crews: string[], skills: readonly string[] | undefined) => {
    const entry = { crews, ...(skills ? { skills: [...skills] } : {}) };
    org[seat] = entry;
    org[seat.toLowerCase()] = entry;
  };
  for (const address of parent.keys()) {
    const crews: string[] = [];
    const seen = new Set([address]);
    for (let p = parent.get(address); p != null && !seen.has(p); p = parent.get(p)) {
      crews.push(p);
      seen.add(p);
    }
    put(address, crews, overlay.get(address));
  }
  // A seat the overlay directs but the chain does not hold keeps its skills and reports to nobody.
  for (const [seat, skills] of overlay) if (!parent.has(seat)) put(seat, [], skills);
  return org;
}
