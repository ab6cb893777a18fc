/**
 * The orchestrator-side half of a spend's authority (CHAIN.md §2 step 1 and §3): the verdict of
 * the principal's stack and, for a scoped run, the scope node's, the stricter winning (rate limits
 * and time windows included, since they are modules of those stacks); and the session ceiling.
 *
 * The ceiling: for a team or agent scope whose ref is not the principal, min(capOf(principal),
 * capOf(ref)); otherwise the default, which is the cap of the seat an escalation waits for (the
 * principal's parent: the manager's 200 mUSD on the dev chain), so an over-cap spend can still
 * reach its approver while a key never reaches further than that approver could settle. Both are
 * bounded by the default. Caps come from the SpendCapPolicy found in the node's stack (nested
 * stacks are walked); a chain with no SpendCapPolicy in reach puts no ceiling on the key.
 */
import { maxUint256, zeroAddress, type Address, type PublicClient } from 'viem';
import { EscalationRouter, IOrgRegistry, IPolicyModule, PolicyStack, SpendCapPolicy } from '../artifacts/index.js';
import type { Verdict } from '../../schemas/flows.js';

const VERDICTS: readonly Verdict[] = ['ALLOW', 'ESCALATE', 'DENY'];
/** Stacks nest; deeper than this is a deployment we refuse to walk. */
const MAX_DEPTH = 4;

export interface SpendAuthority {
  readonly verdict: Verdict;
  /** Which node's stack gave the verdict (the principal's on a tie). */
  readonly decidedBy: Address;
}

export interface SpendScope {
  readonly level: 'org' | 'team' | 'agent';
  readonly ref?: Address | undefined;
}

export interface AuthorityReader {
  verdict(router: Address, principal: Address, scopeRef: Address | undefined, target: Address, value: bigint): Promise<SpendAuthority>;
  ceiling(org: Address, router: Address, principal: Address, scope: SpendScope | undefined): Promise<bigint>;
}

export function authorityReader(client: PublicClient): AuthorityReader {
  // A PolicyStack is immutable, so the cap module found in one never changes.
  const capModules = new Map<string, Address | null>();

  const policyOf = (router: Address, node: Address) =>
    client.readContract({ address: router, abi: EscalationRouter.abi, functionName: 'policyOf', args: [node] });

  const check = async (router: Address, node: Address, target: Address, value: bigint): Promise<number> => {
    const stack = await policyOf(router, node);
    return client.readContract({ address: stack, abi: IPolicyModule.abi, functionName: 'check', args: [node, target, value, '0x'] });
  };

  const findCap = async (module: Address, depth: number): Promise<Address | null> => {
    const kind = await client.readContract({ address: module, abi: IPolicyModule.abi, functionName: 'kind' });
    if (kind === 'spend_cap') return module;
    if (kind !== 'stack' || depth >= MAX_DEPTH) return null;
    const count = await client.readContract({ address: module, abi: PolicyStack.abi, functionName: 'moduleCount' });
    for (let i = 0n; i < count; i++) {
      const m = await client.readContract({ address: module, abi: PolicyStack.abi, functionName: 'modules', args: [i] });
      const found = await findCap(m, depth + 1);
      if (found) return found;
    }
    return null;
  };

  const capOf = async (router: Address, node: Address): Promise<bigint> => {
    const stack = await policyOf(router, node);
    let module = capModules.get(stack);
    if (module === undefined) capModules.set(stack, (module = await findCap(stack, 0)));
    if (module === null) return maxUint256;
    return client.readContract({ address: module, abi: SpendCapPolicy.abi, functionName: 'capOf', args: [node] });
  };

  return {
    async verdict(router, principal, scopeRef, target, value) {
      const own = await check(router, principal, target, value);
      const scoped = scopeRef === undefined || scopeRef === principal ? undefined : await check(router, scopeRef, target, value);
      const worst = scoped !== undefined && scoped > own ? { v: scoped, by: scopeRef! } : { v: own, by: principal };
      // A verdict this build does not know is treated as DENY, as the router does.
      return { verdict: VERDICTS[worst.v] ?? 'DENY', decidedBy: worst.by };
    },

    async ceiling(org, router, principal, scope) {
      const parent = await client.readContract({ address: org, abi: IOrgRegistry.abi, functionName: 'parentOf', args: [principal] });
      const fallback = parent === zeroAddress ? maxUint256 : await capOf(router, parent);
      const ref = scope?.ref;
      if (!scope || scope.level === 'org' || ref === undefined || ref.toLowerCase() === principal.toLowerCase()) return fallback;
      const [mine, theirs] = await Promise.all([capOf(router, principal), capOf(router, ref)]);
      return [mine, theirs, fallback].reduce((a, b) => (b < a ? b : a));
    },
  };
}
