/**
 * GET /org: the tree as OrgRegistry holds it, breadth-first from `root()`, one `getNode` and one
 * `getChildren` per node (each level's reads travel together); a child listed twice is walked
 * once. OrgRegistry holds no roles: a seat's `roleId` is the `role` of its entry in the off-chain
 * overlay (SVC_ORG keyed by address, runtime/org.ts), absent when it has none.
 */
import { getAddress, zeroAddress, type Address, type PublicClient } from 'viem';
import { OrgRegistry } from '../../artifacts/index.js';
import type { OrgView } from '../../../schemas/chain-reads.js';
import type { OrgConfig } from '../../../schemas/mcp.js';

const KINDS = { 1: 'HumanRoot', 2: 'ManagerAgent', 3: 'WorkerAgent' } as const;

export async function readOrg(
  client: PublicClient,
  org: Address,
  overlay: ReadonlyMap<string, OrgConfig[string]> = new Map(),
): Promise<OrgView> {
  const read = { address: org, abi: OrgRegistry.abi } as const;
  const root = await client.readContract({ ...read, functionName: 'root' });
  if (root === zeroAddress) return { root: null, nodes: [] };
  const nodes: OrgView['nodes'] = [];
  const seen = new Set<string>([root.toLowerCase()]);
  let level: Address[] = [root];
  while (level.length > 0) {
    const answers = await Promise.all(
      level.map((address) =>
        Promise.all([
          client.readContract({ ...read, functionName: 'getNode', args: [address] }),
          client.readContract({ ...read, functionName: 'getChildren', args: [address] }),
        ]),
      ),
    );
    const next: Address[] = [];
    answers.forEach(([node, children], i) => {
      const kind = KINDS[node.kind as keyof typeof KINDS];
      // A child OrgRegistry lists is always a node; kind 0 (None) here would be a broken registry.
      if (!kind) throw new Error(`OrgRegistry answered node kind ${node.kind} for ${level[i]}`);
      const address = getAddress(level[i]!);
      const role = overlay.get(address)?.role;
      nodes.push({
        address,
        kind,
        parent: node.parent === zeroAddress ? null : getAddress(node.parent),
        active: node.active,
        children: children.map((c) => getAddress(c)),
        ...(role !== undefined ? { roleId: role } : {}),
      });
      for (const c of children) if (!seen.has(c.toLowerCase()) && seen.add(c.toLowerCase())) next.push(c);
    });
    level = next;
  }
  return { root: getAddress(root), nodes };
}
