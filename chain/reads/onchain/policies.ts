/**
 * GET /policies: each node's stack on one asset's router (`policyOf(node)`, the router's default
 * `policy()` when the node has none of its own), nested stacks flattened in order, each module
 * typed by its own `kind()` and shown with what it holds for that node. A module that does not
 * answer `kind()` is `custom`: svc cannot say what it checks, only that it is there.
 */
import { getAddress, zeroAddress, type Address, type PublicClient } from 'viem';
import {
  EscalationRouter,
  IPolicyModule,
  PolicyStack,
  RateLimitPolicy,
  SpendCapPolicy,
  TimeWindowPolicy,
  WhitelistPolicy,
} from '../../artifacts/index.js';
import type { PoliciesView } from '../../../schemas/chain-reads.js';
import { unlessRefused } from './guard.js';

type NodePolicy = PoliciesView['policies'][number];
type PolicyModule = NodePolicy['modules'][number];

/** Stacks nest; deeper than this is a loop someone wired, not a policy. */
const MAX_NESTING = 8;

export async function readNodePolicy(client: PublicClient, router: Address, node: Address): Promise<NodePolicy> {
  const r = { address: router, abi: EscalationRouter.abi } as const;
  const [own, fallback] = await Promise.all([
    client.readContract({ ...r, functionName: 'nodePolicy', args: [node] }),
    client.readContract({ ...r, functionName: 'policy' }),
  ]);
  const bound = own !== zeroAddress;
  const stack = bound ? own : fallback;
  return { node: getAddress(node), bound, stack: getAddress(stack), modules: await expand(client, stack, node, 0) };
}

async function expand(client: PublicClient, address: Address, node: Address, depth: number): Promise<PolicyModule[]> {
  const kind = await unlessRefused(client.readContract({ address, abi: IPolicyModule.abi, functionName: 'kind' }));
  if (kind !== 'stack') return [await describe(client, address, node, kind)];
  if (depth >= MAX_NESTING) throw new Error(`policy stacks nest deeper than ${MAX_NESTING} under ${address}`);
  const s = { address, abi: PolicyStack.abi } as const;
  const count = await client.readContract({ ...s, functionName: 'moduleCount' });
  const children = await Promise.all(
    Array.from({ length: Number(count) }, (_, i) => client.readContract({ ...s, functionName: 'modules', args: [BigInt(i)] })),
  );
  return (await Promise.all(children.map((m) => expand(client, m, node, depth + 1)))).flat();
}

async function describe(client: PublicClient, address: Address, node: Address, kind: string | undefined): Promise<PolicyModule> {
  const base = { address: getAddress(address) };
  switch (kind) {
    case 'spend_cap': {
      const cap = await client.readContract({ address, abi: SpendCapPolicy.abi, functionName: 'capOf', args: [node] });
      return { ...base, kind, cap: cap.toString() };
    }
    case 'whitelist': {
      const targets = await client.readContract({ address, abi: WhitelistPolicy.abi, functionName: 'allowedTargets' });
      return { ...base, kind, allowedTargets: targets.map((t) => getAddress(t)) };
    }
    case 'rate_limit': {
      const p = { address, abi: RateLimitPolicy.abi } as const;
      const [maxActions, windowSeconds, [start, count]] = await Promise.all([
        client.readContract({ ...p, functionName: 'maxActions' }),
        client.readContract({ ...p, functionName: 'windowSeconds' }),
        client.readContract({ ...p, functionName: 'windows', args: [node] }),
      ]);
      return {
        ...base,
        kind,
        maxActions: Number(maxActions),
        windowSeconds: Number(windowSeconds),
        window: { start: start.toString(), count: Number(count) },
      };
    }
    case 'time_window': {
      const p = { address, abi: TimeWindowPolicy.abi } as const;
      const [start, end] = await Promise.all([
        client.readContract({ ...p, functionName: 'startSecondOfDay' }),
        client.readContract({ ...p, functionName: 'endSecondOfDay' }),
      ]);
      return { ...base, kind, startSecondOfDay: Number(start), endSecondOfDay: Number(end) };
    }
    default:
      return { ...base, kind: 'custom' };
  }
}
