/**
 * Finds a policy module of one kind (`spend_cap`, `whitelist`) in the stack an asset's router
 * binds to a node (its own, else the router's default), looking into nested stacks. The
 * constitutional steps read authority from the SpendCapPolicy alone and aim set-cap and
 * set-whitelist at the modules the node is actually held by, so both come from here.
 */
import type { Address, PublicClient } from 'viem';
import { EscalationRouter, IPolicyModule, PolicyStack } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';

/** A stack nested deeper than this is not something svc deploys; stop rather than walk forever. */
const MAX_DEPTH = 4;

export async function moduleOf(client: PublicClient, router: Address, node: Address, kind: string): Promise<Address> {
  const stack = await client.readContract({ address: router, abi: EscalationRouter.abi, functionName: 'policyOf', args: [node] });
  const found = await search(client, stack, kind, 0);
  if (!found)
    throw new AppError('chain_reverted', {
      detail: 'NoModule',
      message: `no ${kind} module in the stack ${stack} the router ${router} binds to ${node}`,
    });
  return found;
}

async function search(client: PublicClient, policy: Address, kind: string, depth: number): Promise<Address | undefined> {
  const k = await client.readContract({ address: policy, abi: IPolicyModule.abi, functionName: 'kind' });
  if (k === kind) return policy;
  if (k !== 'stack' || depth >= MAX_DEPTH) return undefined;
  const n = await client.readContract({ address: policy, abi: PolicyStack.abi, functionName: 'moduleCount' });
  for (let i = 0n; i < n; i++) {
    const m = await client.readContract({ address: policy, abi: PolicyStack.abi, functionName: 'modules', args: [i] });
    const hit = await search(client, m, kind, depth + 1);
    if (hit) return hit;
  }
  return undefined;
}
