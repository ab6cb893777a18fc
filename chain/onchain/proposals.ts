/**
 * GovernanceModule proposals as svc shows them: tallies, times and whether `execute` would pass
 * now by the module's own rules (`clearance`), judged at chain time, not this machine's clock, so
 * a dev chain moved forward is judged where it stands. The governed calldata comes from each
 * proposal's ProposalCreated event (the module stores only its hash) and is decoded against the
 * svc contracts' functions.
 */
import { decodeFunctionData, getAddress, type Abi, type Address, type Hex, type PublicClient } from 'viem';
import * as artifacts from '../artifacts/index.js';
import { GovernanceModule } from '../artifacts/index.js';
import type { Clearance, ProposalView } from '../../schemas/governance.js';
import { AppError } from '../../schemas/errors.js';

const STATES = ['Active', 'Executed', 'Vetoed', 'Defeated'] as const;
const FUNCTIONS: Abi = Object.values(artifacts).flatMap((a) => a.abi.filter((x) => x.type === 'function')) as Abi;

/** What the module's `execute` weighs, read once per judgement. */
export interface Rules {
  readonly now: bigint;
  readonly yesQuorum: bigint;
  readonly humanQuorum: bigint;
  readonly humanSeats: bigint;
  readonly fastPath: boolean;
}

export interface RawProposal {
  readonly id: bigint;
  readonly tier: number;
  readonly state: number;
  readonly proposer: Address;
  readonly target: Address;
  readonly yes: bigint;
  readonly no: bigint;
  readonly yesHuman: bigint;
  readonly noHuman: bigint;
  readonly humanYesVoters: number;
  readonly deadline: bigint;
  readonly eta: bigint;
}

export async function rulesOf(client: PublicClient, governance: Address): Promise<Rules> {
  const g = { address: governance, abi: GovernanceModule.abi } as const;
  const [block, [yesQuorum, humanQuorum], humanSeats, fastPath] = await Promise.all([
    client.getBlock({ blockTag: 'latest' }),
    client.readContract({ ...g, functionName: 'effectiveQuorums' }),
    client.readContract({ ...g, functionName: 'humanSeats' }),
    client.readContract({ ...g, functionName: 'unanimityFastPath' }),
  ]);
  return { now: block.timestamp, yesQuorum, humanQuorum, humanSeats, fastPath };
}

export async function rawProposal(client: PublicClient, governance: Address, id: bigint): Promise<RawProposal> {
  const p = await client.readContract({ address: governance, abi: GovernanceModule.abi, functionName: 'proposals', args: [id] });
  const [tier, state, proposer, target, , yes, no, yesHuman, noHuman, humanYesVoters, deadline, eta] = p;
  return { id, tier, state, proposer, target, yes, no, yesHuman, noHuman, humanYesVoters, deadline, eta };
}

/**
 * `execute`'s own rules, in its order. Anything with more no than yes is never `cleared`: past
 * the deadline `execute` would close it Defeated, and before it a Low one would revert anyway.
 */
export function clearanceOf(p: RawProposal, r: Rules): Clearance {
  if (p.state !== 0) return 'closed';
  if (r.now > p.deadline && p.no > p.yes) return 'would_defeat';
  if (p.no > p.yes) return 'short_of_quorum';
  if (p.tier === 1) {
    if (p.yesHuman < r.humanQuorum || p.yesHuman === 0n) return 'short_of_quorum';
    const fast = r.fastPath && r.humanSeats >= 2n && BigInt(p.humanYesVoters) >= r.humanSeats;
    // The next block is at least one second on: judged there, as the transaction will be.
    if (!fast && r.now + 1n < p.eta) return 'timelocked';
    return 'cleared';
  }
  if (p.yes < r.yesQuorum || p.yes === 0n) return 'short_of_quorum';
  return 'cleared';
}

/** Every proposal's calldata by id, from the module's ProposalCreated events. */
export async function calldataById(client: PublicClient, governance: Address, id?: bigint): Promise<Map<string, Hex>> {
  const logs = await client.getContractEvents({
    address: governance,
    abi: GovernanceModule.abi,
    eventName: 'ProposalCreated',
    ...(id !== undefined ? { args: { id } } : {}),
    fromBlock: 0n,
  });
  return new Map(logs.map((l) => [String(l.args.id), l.args.data!]));
}

/** `name(arg, ...)` of svc's own functions; a call svc has no ABI for shows its selector. */
export function describeCall(data: Hex): string {
  try {
    const d = decodeFunctionData({ abi: FUNCTIONS, data });
    return `${d.functionName}(${(d.args ?? []).map((a) => (Array.isArray(a) ? `[${a.join(', ')}]` : String(a))).join(', ')})`;
  } catch {
    return `call ${data.slice(0, 10)}`;
  }
}

export function viewOf(p: RawProposal, r: Rules, calldata: Hex | undefined): ProposalView {
  return {
    proposalId: String(p.id),
    tier: p.tier === 1 ? 'high' : 'low',
    state: STATES[p.state] ?? 'Active',
    proposer: getAddress(p.proposer),
    target: getAddress(p.target),
    yes: String(p.yes),
    no: String(p.no),
    yesHuman: String(p.yesHuman),
    noHuman: String(p.noHuman),
    deadline: new Date(Number(p.deadline) * 1000).toISOString(),
    eta: new Date(Number(p.eta) * 1000).toISOString(),
    clearance: clearanceOf(p, r),
    ...(calldata !== undefined ? { calldata, action: describeCall(calldata) } : {}),
  };
}

export async function proposalCount(client: PublicClient, governance: Address): Promise<bigint> {
  return client.readContract({ address: governance, abi: GovernanceModule.abi, functionName: 'proposalCount' });
}

/** One proposal; 404 `proposal_not_found` past the count. */
export async function readProposal(client: PublicClient, governance: Address, id: bigint): Promise<ProposalView> {
  const count = await proposalCount(client, governance);
  if (id < 1n || id > count)
    throw new AppError('proposal_not_found', { message: `no proposal ${id}: the module has ${count} proposal(s)` });
  const [p, r, data] = await Promise.all([
    rawProposal(client, governance, id),
    rulesOf(client, governance),
    calldataById(client, governance, id),
  ]);
  return viewOf(p, r, data.get(String(id)));
}

/** The newest `limit` proposals (of one state when asked), newest first. */
export async function listProposals(
  client: PublicClient,
  governance: Address,
  opts: { state?: ProposalView['state'] | undefined; limit: number },
): Promise<{ at: string; proposals: ProposalView[] }> {
  const [count, r, data] = await Promise.all([
    proposalCount(client, governance),
    rulesOf(client, governance),
    calldataById(client, governance),
  ]);
  const out: ProposalView[] = [];
  for (let id = count; id >= 1n && out.length < opts.limit; id--) {
    const v = viewOf(await rawProposal(client, governance, id), r, data.get(String(id)));
    if (opts.state === undefined || v.state === opts.state) out.push(v);
  }
  return { at: new Date(Number(r.now) * 1000).toISOString(), proposals: out };
}
