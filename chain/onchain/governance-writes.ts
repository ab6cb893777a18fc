/**
 * The governance write routes on a live chain (docs/chain.md "Governance routes"): each one
 * raises GovernanceModule proposals from the orchestrator's seat and changes nothing by itself.
 * A stack is composed from the modules the deployment already has where they fit (the shared
 * whitelist and cap; a rate or window module with the same parameters) and deployed otherwise;
 * a composition the chain already binds proposes nothing. Attaching a listed module only ever
 * appends it, so the node's stack can only narrow.
 */
import { encodeFunctionData, getAddress, zeroAddress, type Address, type Hex, type PublicClient } from 'viem';
import {
  EscalationRouter,
  IPolicyModule,
  OrgRegistry,
  PolicyStack,
  RateLimitPolicy,
  SpendCapPolicy,
  TimeWindowPolicy,
  WhitelistPolicy,
} from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import type {
  AttachPolicyModuleBody,
  GovernanceProposeReply,
  PolicyModuleListing,
  ProposeNodeStackBody,
  ProposeSetAgentCapBody,
  ProposeSetWhitelistBody,
  RaisedProposal,
  StackMember,
} from '../../schemas/governance.js';
import type { PoliciesView } from '../../schemas/chain-reads.js';
import { readNodePolicy } from '../reads/onchain/policies.js';
import { unlessRefused } from '../reads/onchain/guard.js';
import type { ChainBinding } from './binding.js';
import { deployModule } from './deploy-module.js';
import { execute, propose, stateOf, veto, vote, type GovernanceClient, type Tier } from './governance.js';
import { moduleOf } from './modules.js';
import { describeCall, listProposals, proposalCount, readProposal } from './proposals.js';
import type { ProposalActionReply, ProposalsQuery, ProposalsView, ProposalView } from '../../schemas/governance.js';

type Module = PoliciesView['policies'][number]['modules'][number];
const STANDARD = new Set(['whitelist', 'spend_cap', 'rate_limit', 'time_window']);

/** The orchestrator's seat on the binding; 409 `orchestrator_key_missing` without its key. */
export function seatOf(b: ChainBinding): GovernanceClient {
  if (!b.orchestrator)
    throw new AppError('orchestrator_key_missing', {
      message: "no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot propose",
    });
  return { client: b.client, governance: getAddress(b.deployment.governance), wallet: b.orchestrator };
}

async function requireNode(b: ChainBinding, node: Address, what: string): Promise<Address> {
  const known = await b.client.readContract({
    address: getAddress(b.deployment.org),
    abi: OrgRegistry.abi,
    functionName: 'isNode',
    args: [node],
  });
  if (!known) throw new AppError('unknown_node', { message: `${what} ${node} is not a node of the org` });
  return getAddress(node);
}

async function raise(g: GovernanceClient, tier: Tier, target: Address, calldata: Hex): Promise<RaisedProposal> {
  const action = describeCall(calldata);
  const p = await propose(g, tier, target, calldata, action);
  return { proposalId: p.proposalId, tier: p.tier, txHash: p.txHash, target, calldata, action };
}

/** Modules a new composition may reuse: the node's own stack, then the router's default. */
async function reusable(
  client: PublicClient,
  router: Address,
  node: Address,
): Promise<{ current: Module[]; bound: boolean; pool: Module[] }> {
  const [own, fallback] = await Promise.all([readNodePolicy(client, router, node), readNodePolicy(client, router, zeroAddress)]);
  return { current: own.modules, bound: own.bound, pool: [...own.modules, ...fallback.modules] };
}

/** A rate module counts only when the router is its recorder (fixed when it was deployed). */
async function recordedBy(client: PublicClient, module: Address, router: Address): Promise<boolean> {
  const r = await unlessRefused(client.readContract({ address: module, abi: RateLimitPolicy.abi, functionName: 'recorder' }));
  return r !== undefined && getAddress(r) === router;
}

export function governanceWrites(bound: () => Promise<ChainBinding | undefined>) {
  const chain = async (what: string): Promise<ChainBinding> => {
    const b = await bound();
    if (!b) throw new AppError('no_chain', { message: `no chain is configured: ${what} has nothing to propose to` });
    return b;
  };

  /**
   * Where a change to one node's stack starts: the bound chain (refused without the orchestrator's
   * seat), the asset's router, the node (one of the org's), its stack now and the modules to reuse.
   */
  async function nodeStack(what: string, body: Pick<ProposeNodeStackBody, 'node' | 'asset'>) {
    const b = await chain(what);
    const asset = b.asset(body.asset);
    seatOf(b);
    const node = await requireNode(b, getAddress(body.node), 'node');
    const router = getAddress(asset.router);
    return { b, asset, node, router, ...(await reusable(b.client, router, node)) };
  }

  /** The module for one member, reused when one fits, deployed otherwise (listed in `deployed`). */
  async function resolveMember(b: ChainBinding, router: Address, pool: Module[], m: StackMember, deployed: Address[]): Promise<Address> {
    const wallet = seatOf(b).wallet;
    switch (m.kind) {
      case 'whitelist':
      case 'spend_cap': {
        const found = pool.find((x) => x.kind === m.kind);
        if (!found)
          throw new AppError('invalid_request', {
            message: `no shared ${m.kind} module in the node's or the router's default stack to compose from`,
          });
        return getAddress(found.address);
      }
      case 'rate_limit': {
        for (const x of pool)
          if (
            x.kind === 'rate_limit' &&
            x.maxActions === m.maxActions &&
            x.windowSeconds === m.windowSeconds &&
            (await recordedBy(b.client, getAddress(x.address), router))
          )
            return getAddress(x.address);
        const a = await deployModule(b.client, wallet, RateLimitPolicy, [BigInt(m.maxActions), BigInt(m.windowSeconds), router]);
        deployed.push(a);
        return a;
      }
      case 'time_window': {
        if (m.end <= m.start)
          throw new AppError('invalid_request', { message: `a time window ends after it starts (start ${m.start}, end ${m.end})` });
        const found = pool.find((x) => x.kind === 'time_window' && x.startSecondOfDay === m.start && x.endSecondOfDay === m.end);
        if (found) return getAddress(found.address);
        const a = await deployModule(b.client, wallet, TimeWindowPolicy, [BigInt(m.start), BigInt(m.end)]);
        deployed.push(a);
        return a;
      }
    }
  }

  async function bindStack(
    b: ChainBinding,
    router: Address,
    node: Address,
    members: Address[],
    deployed: Address[],
  ): Promise<{ stack: Address; raised: RaisedProposal }> {
    const stack = await deployModule(b.client, seatOf(b).wallet, PolicyStack, [members]);
    deployed.push(stack);
    const data = encodeFunctionData({ abi: EscalationRouter.abi, functionName: 'setNodePolicy', args: [node, stack] });
    return { stack, raised: await raise(seatOf(b), 'high', router, data) };
  }

  return {
    async proposeNodeStack(body: ProposeNodeStackBody): Promise<GovernanceProposeReply> {
      const { b, asset, node, router, current, pool } = await nodeStack('propose-node-stack', body);
      const deployed: Address[] = [];
      const members: Address[] = [];
      for (const m of body.modules) members.push(await resolveMember(b, router, pool, m, deployed));
      const currentRecorder = getAddress(
        await b.client.readContract({ address: router, abi: EscalationRouter.abi, functionName: 'rateRecorderOf', args: [node] }),
      );
      const rate = body.modules.findIndex((m) => m.kind === 'rate_limit');
      const recorder = rate >= 0 ? members[rate]! : currentRecorder;
      const same = members.length === current.length && members.every((a, i) => a === current[i]!.address) && recorder === currentRecorder;
      if (same) return { asset: asset.symbol, unchanged: true, node, modules: members, deployed, proposals: [] };
      const proposals: RaisedProposal[] = [];
      if (recorder !== currentRecorder) {
        const data = encodeFunctionData({ abi: EscalationRouter.abi, functionName: 'setNodeRateRecorder', args: [node, recorder] });
        proposals.push(await raise(seatOf(b), 'high', router, data));
      }
      const { stack, raised } = await bindStack(b, router, node, members, deployed);
      proposals.push(raised);
      return { asset: asset.symbol, unchanged: false, node, stack, modules: members, deployed, proposals };
    },

    async proposeSetWhitelist(body: ProposeSetWhitelistBody): Promise<GovernanceProposeReply> {
      const b = await chain('propose-set-whitelist');
      const asset = b.asset(body.asset);
      const g = seatOf(b);
      const node = body.node === undefined ? zeroAddress : await requireNode(b, getAddress(body.node), 'node');
      const whitelist = await moduleOf(b.client, getAddress(asset.router), node, 'whitelist');
      const target = getAddress(body.target);
      const now = await b.client.readContract({ address: whitelist, abi: WhitelistPolicy.abi, functionName: 'isAllowed', args: [target] });
      if (now === body.allowed) return { asset: asset.symbol, unchanged: true, deployed: [], proposals: [] };
      const data = encodeFunctionData({ abi: WhitelistPolicy.abi, functionName: 'setAllowed', args: [target, body.allowed] });
      return { asset: asset.symbol, unchanged: false, deployed: [], proposals: [await raise(g, body.tier ?? 'high', whitelist, data)] };
    },

    async proposeSetAgentCap(body: ProposeSetAgentCapBody): Promise<GovernanceProposeReply> {
      const b = await chain('propose-set-agent-cap');
      const asset = b.asset(body.asset);
      const g = seatOf(b);
      const agent = await requireNode(b, getAddress(body.agent), 'agent');
      const capModule = await moduleOf(b.client, getAddress(asset.router), agent, 'spend_cap');
      const cap = BigInt(body.cap);
      const c = { address: capModule, abi: SpendCapPolicy.abi } as const;
      const [has, now] = await Promise.all([
        b.client.readContract({ ...c, functionName: 'hasAgentCap', args: [agent] }),
        b.client.readContract({ ...c, functionName: 'capOf', args: [agent] }),
      ]);
      if (has && now === cap) return { asset: asset.symbol, unchanged: true, node: agent, deployed: [], proposals: [] };
      const data = encodeFunctionData({ abi: SpendCapPolicy.abi, functionName: 'setAgentCap', args: [agent, cap] });
      return {
        asset: asset.symbol,
        unchanged: false,
        node: agent,
        deployed: [],
        proposals: [await raise(g, body.tier ?? 'high', capModule, data)],
      };
    },

    async attachPolicyModule(body: AttachPolicyModuleBody): Promise<GovernanceProposeReply> {
      const { b, asset, node, router, current, pool } = await nodeStack('attach-policy-module', body);
      const deployed: Address[] = [];
      const module = body.listing.address
        ? await listedAddress(b, body.listing)
        : await resolveMember(b, router, pool, standardMember(body.listing), deployed);
      const members = current.map((m) => getAddress(m.address));
      if (members.includes(module))
        return { asset: asset.symbol, unchanged: true, alreadyBound: true, node, modules: members, deployed, proposals: [] };
      members.push(module);
      const { stack, raised } = await bindStack(b, router, node, members, deployed);
      return { asset: asset.symbol, unchanged: false, alreadyBound: false, node, stack, modules: members, deployed, proposals: [raised] };
    },

    async proposals(q: ProposalsQuery): Promise<ProposalsView> {
      const b = await bound();
      if (!b) return { at: new Date().toISOString(), proposals: [] };
      return listProposals(b.client, getAddress(b.deployment.governance), { state: q.state, limit: q.limit ?? 50 });
    },

    async proposal(id: string): Promise<ProposalView> {
      const b = await chain('a proposal read');
      return readProposal(b.client, getAddress(b.deployment.governance), BigInt(id));
    },

    /** Vote, veto or execute as the orchestrator's seat; an id past the count is 404, a closed one the module's own revert. */
    async act(id: string, action: 'vote' | 'veto' | 'execute', support = true): Promise<ProposalActionReply> {
      const b = await chain(`governance ${action}`);
      const g = seatOf(b);
      const n = BigInt(id);
      const count = await proposalCount(b.client, g.governance);
      if (n > count) throw new AppError('proposal_not_found', { message: `no proposal ${id}: the module has ${count} proposal(s)` });
      if (action === 'vote') {
        const v = await vote(g, n, support);
        return { proposalId: id, txHash: v.txHash, countedWeight: v.countedWeight, state: await stateOf(g, n) };
      }
      if (action === 'veto') {
        const v = await veto(g, n);
        return { proposalId: id, txHash: v.txHash, state: await stateOf(g, n) };
      }
      const e = await execute(g, n);
      return { proposalId: id, txHash: e.txHash, state: e.state };
    },
  };
}

export type GovernanceWrites = ReturnType<typeof governanceWrites>;

/** A listing without an address names a standard kind with its parameters. */
function standardMember(l: PolicyModuleListing): StackMember {
  const p = l.params ?? {};
  switch (l.kind) {
    case 'whitelist':
    case 'spend_cap':
      return { kind: l.kind };
    case 'rate_limit':
      if (p.maxActions === undefined || p.windowSeconds === undefined)
        throw new AppError('invalid_listing', {
          message: 'a rate_limit listing without an address needs params.maxActions and params.windowSeconds',
        });
      return { kind: 'rate_limit', maxActions: p.maxActions, windowSeconds: p.windowSeconds };
    case 'time_window':
      if (p.start === undefined || p.end === undefined || p.end <= p.start)
        throw new AppError('invalid_listing', { message: 'a time_window listing without an address needs params.start < params.end' });
      return { kind: 'time_window', start: p.start, end: p.end };
    default:
      throw new AppError('invalid_listing', { message: 'a custom listing names the module: address and chainId' });
  }
}

/** A listed address: on this chain, with code, and of the kind the listing claims. */
async function listedAddress(b: ChainBinding, l: PolicyModuleListing): Promise<Address> {
  const address = getAddress(l.address!);
  if (l.chainId === undefined)
    throw new AppError('invalid_listing', { message: `the listing names ${address} without the chainId it is deployed on` });
  if (l.chainId !== b.chain.id)
    throw new AppError('invalid_listing', {
      message: `the listing's module is deployed on chain ${l.chainId}, not on the bound chain ${b.chain.id}`,
    });
  const code = await b.client.getCode({ address });
  if (code === undefined || code === '0x')
    throw new AppError('policy_module_no_code', { message: `${address} holds no contract code on chain ${b.chain.id}: nothing to attach` });
  const kind = await unlessRefused(b.client.readContract({ address, abi: IPolicyModule.abi, functionName: 'kind' }));
  if (STANDARD.has(l.kind) && kind !== l.kind)
    throw new AppError('invalid_listing', {
      message: `the listing says ${l.kind} but ${address} answers kind() ${kind === undefined ? 'with an error' : JSON.stringify(kind)}`,
    });
  if (kind === undefined)
    throw new AppError('invalid_listing', { message: `${address} does not answer kind(): it is not a policy module` });
  return address;
}
