/**
 * The orchestrator's seat in GovernanceModule: propose, vote, veto and
 * execute. `execute` must hand back the exact calldata the proposal hashed; it is read from the
 * proposal's own ProposalCreated event, so nothing off-chain has to remember it.
 */
import { type Address, type Hex, type PublicClient } from 'viem';
import { GovernanceModule } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import type { ChainWallet } from './binding.js';
import { revertError, send } from './tx.js';

export type Tier = 'low' | 'high';
const TIER = { low: 0, high: 1 } as const;
const STATES = ['Active', 'Executed', 'Vetoed', 'Defeated'] as const;
export type ProposalState = (typeof STATES)[number];

export interface GovernanceClient {
  readonly client: PublicClient;
  readonly governance: Address;
  readonly wallet: ChainWallet;
}

export interface Proposed {
  readonly proposalId: string;
  readonly tier: Tier;
  readonly txHash: Hex;
}

/**
 * Dry-runs the call as the governor first: a proposal that could only fail at execute (hiring a
 * node that exists, firing the root) is refused now, named, instead of raised and left to fail.
 */
export async function propose(g: GovernanceClient, tier: Tier, target: Address, calldata: Hex, label: string): Promise<Proposed> {
  try {
    await g.client.call({ account: g.governance, to: target, data: calldata });
  } catch (err) {
    throw revertError(err, `${label} (as the governor would execute it)`);
  }
  const sent = await send(
    g.client,
    g.wallet,
    { address: g.governance, abi: GovernanceModule.abi, functionName: 'propose', args: [TIER[tier], target, calldata] },
    `GovernanceModule.propose(${label})`,
  );
  const created = sent.events.find((e) => e.eventName === 'ProposalCreated');
  if (!created)
    throw new AppError('chain_reverted', {
      detail: 'receipt',
      message: `propose(${label}) left no ProposalCreated event (tx ${sent.txHash})`,
    });
  // The module raises anything aimed at itself to High, whatever was asked.
  const actual: Tier = Number(created.args.tier) === TIER.high ? 'high' : 'low';
  return { proposalId: String(created.args.id), tier: actual, txHash: sent.txHash };
}

export async function vote(g: GovernanceClient, id: bigint, support: boolean): Promise<{ txHash: Hex; countedWeight: string }> {
  const sent = await send(
    g.client,
    g.wallet,
    { address: g.governance, abi: GovernanceModule.abi, functionName: 'vote', args: [id, support] },
    `GovernanceModule.vote(${id}, ${support ? 'yes' : 'no'})`,
  );
  const voted = sent.events.find((e) => e.eventName === 'Voted');
  return { txHash: sent.txHash, countedWeight: String(voted?.args.countedWeight ?? '0') };
}

export async function veto(g: GovernanceClient, id: bigint): Promise<{ txHash: Hex }> {
  const sent = await send(
    g.client,
    g.wallet,
    { address: g.governance, abi: GovernanceModule.abi, functionName: 'veto', args: [id] },
    `GovernanceModule.veto(${id})`,
  );
  return { txHash: sent.txHash };
}

/** Executes with the proposal's own calldata. A proposal past its deadline with more no than yes closes Defeated instead. */
export async function execute(g: GovernanceClient, id: bigint): Promise<{ txHash: Hex; state: ProposalState }> {
  const calldata = await calldataOf(g, id);
  const sent = await send(
    g.client,
    g.wallet,
    { address: g.governance, abi: GovernanceModule.abi, functionName: 'execute', args: [id, calldata] },
    `GovernanceModule.execute(${id})`,
  );
  return { txHash: sent.txHash, state: await stateOf(g, id) };
}

export async function stateOf(g: Pick<GovernanceClient, 'client' | 'governance'>, id: bigint): Promise<ProposalState> {
  const p = await g.client.readContract({ address: g.governance, abi: GovernanceModule.abi, functionName: 'proposals', args: [id] });
  return STATES[p[1]] ?? 'Active';
}

async function calldataOf(g: GovernanceClient, id: bigint): Promise<Hex> {
  const logs = await g.client.getContractEvents({
    address: g.governance,
    abi: GovernanceModule.abi,
    eventName: 'ProposalCreated',
    args: { id },
    fromBlock: 0n,
  });
  const data = logs[0]?.args.data;
  if (data === undefined)
    throw new AppError('chain_reverted', {
      detail: 'ProposalNotFound',
      message: `GovernanceModule.execute(${id}) reverted: ProposalNotFound(${id})`,
    });
  return data;
}
