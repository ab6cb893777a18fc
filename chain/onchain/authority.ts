/**
 * The orchestrator-side half of a spend's authority (docs/chain.md "The `gate` step on a chain",
 * steps 1 and 2): the verdict of
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
import { maxUint256, zeroAddress, type Address } from 'viem';
import { EscalationRouter, IOrgRegistry, IPolicyModule, PolicyStack, SpendCapPolicy } from '../artifacts/index.js';
import type { Verdict } from '../../schemas/flows.js';
import { speculativeReads, type Read } from './speculate.js';

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
  /** Both at once: the verdict and the ceiling from reads made in one round trip once they are known. */
  spend(
    org: Address,
    router: Address,
    principal: Address,
    scope: SpendScope | undefined,
    target: Address,
    value: bigint,
  ): Promise<SpendAuthority & { readonly maxValue: bigint }>;
}

/** Reads through `through`; when it batches a turn's reads into a multicall (the binding's `read`),
 * the reads of one question travel in one `eth_call` once they have been asked before
 * (chain/onchain/speculate.ts). */
export function authorityReader(through: Read): AuthorityReader {
  // A PolicyStack is immutable, so the cap module found in one never changes.
  const capModules = new Map<string, Address | null>();
  const speculative = speculativeReads(through);

  const policyOf = (read: Read, router: Address, node: Address) =>
    read<Address>({ address: router, abi: EscalationRouter.abi, functionName: 'policyOf', args: [node] });

  const check = async (read: Read, router: Address, node: Address, target: Address, value: bigint): Promise<number> => {
    const stack = await policyOf(read, router, node);
    return read<number>({ address: stack, abi: IPolicyModule.abi, functionName: 'check', args: [node, target, value, '0x'] });
  };

  const findCap = async (read: Read, module: Address, depth: number): Promise<Address | null> => {
    const kind = await read<string>({ address: module, abi: IPolicyModule.abi, functionName: 'kind' });
    if (kind === 'spend_cap') return module;
    if (kind !== 'stack' || depth >= MAX_DEPTH) return null;
    const count = await read<bigint>({ address: module, abi: PolicyStack.abi, functionName: 'moduleCount' });
    for (let i = 0n; i < count; i++) {
      const m = await read<Address>({ address: module, abi: PolicyStack.abi, functionName: 'modules', args: [i] });
      const found = await findCap(read, m, depth + 1);
      if (found) return found;
    }
    return null;
  };

  const capOf = async (read: Read, router: Address, node: Address): Promise<bigint> => {
    const stack = await policyOf(read, router, node);
    let module = capModules.get(stack);
    if (module === undefined) capModules.set(stack, (module = await findCap(read, stack, 0)));
    if (module === null) return maxUint256;
    return read<bigint>({ address: module, abi: SpendCapPolicy.abi, functionName: 'capOf', args: [node] });
  };

  const verdict = async (
    read: Read,
    router: Address,
    principal: Address,
    scopeRef: Address | undefined,
    target: Address,
    value: bigint,
  ) => {
    const scoped = scopeRef !== undefined && scopeRef !== principal;
    const [own, theirs] = await Promise.all([
      check(read, router, principal, target, value),
      scoped ? check(read, router, scopeRef, target, value) : undefined,
    ]);
    const worst = theirs !== undefined && theirs > own ? { v: theirs, by: scopeRef! } : { v: own, by: principal };
    // A verdict this build does not know is treated as DENY, as the router does.
    return { verdict: VERDICTS[worst.v] ?? 'DENY', decidedBy: worst.by } satisfies SpendAuthority;
  };

  const ceiling = async (read: Read, org: Address, router: Address, principal: Address, scope: SpendScope | undefined) => {
    const ref = scope?.ref;
    const narrowed = scope !== undefined && scope.level !== 'org' && ref !== undefined && ref.toLowerCase() !== principal.toLowerCase();
    const [fallback, mine, theirs] = await Promise.all([
      read<Address>({ address: org, abi: IOrgRegistry.abi, functionName: 'parentOf', args: [principal] }).then((parent) =>
        parent === zeroAddress ? maxUint256 : capOf(read, router, parent),
      ),
      narrowed ? capOf(read, router, principal) : undefined,
      narrowed ? capOf(read, router, ref) : undefined,
    ]);
    return [mine, theirs].reduce<bigint>((a, b) => (b !== undefined && b < a ? b : a), fallback);
  };

  return {
    verdict: (router, principal, scopeRef, target, value) =>
      speculative((read) => verdict(read, router, principal, scopeRef, target, value)),
    ceiling: (org, router, principal, scope) => speculative((read) => ceiling(read, org, router, principal, scope)),
    spend: (org, router, principal, scope, target, value) =>
      speculative(async (read) => {
        const [v, maxValue] = await Promise.all([
          verdict(read, router, principal, scope?.ref, target, value),
          ceiling(read, org, router, principal, scope),
        ]);
        return { ...v, maxValue };
      }),
  };
}
