/**
 * What the treasury indexer reads (docs/chain.md "The treasury indexer"): each asset token's ERC-20 `Transfer` logs into
 * and out of that asset's treasury over a block range, and, per outflow, whether its transaction
 * carries the Treasury's own `AllowanceSpent` for it. Tokens leave a treasury only by
 * `spendAllowance` (a Treasury invariant), so an outflow without one is the theft signal. Logs
 * decode with the compiled ABIs; the filters ask the RPC for the indexed `from`/`to` topics only.
 */
import { getAbiItem, getAddress, parseEventLogs, type Address, type Hex, type PublicClient } from 'viem';
import { MockUSD, Treasury } from '../artifacts/index.js';
import type { DeployedAsset } from '../../schemas/chain-config.js';

const TRANSFER = getAbiItem({ abi: MockUSD.abi, name: 'Transfer' });

export interface TreasuryTransfer {
  readonly kind: 'deposit' | 'outflow';
  readonly asset: DeployedAsset;
  /** The sender of a deposit, the recipient of an outflow. */
  readonly counterparty: Address;
  readonly amount: bigint;
  readonly txHash: Hex;
  readonly logIndex: number;
  readonly block: bigint;
  /** The block's time. */
  readonly time: Date;
}

/** Every transfer into or out of a treasury in [fromBlock, toBlock], in chain order. A transfer
 * from a treasury to itself moves nothing and is left out. */
export async function treasuryTransfers(
  client: PublicClient,
  assets: readonly DeployedAsset[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<TreasuryTransfer[]> {
  const found: Omit<TreasuryTransfer, 'time'>[] = [];
  for (const asset of assets) {
    // The address book's addresses are schema-checked 0x hex.
    const [token, treasury] = [asset.token as Address, asset.treasury as Address];
    const query = (args: { from: Address } | { to: Address }) =>
      client.getLogs({ address: token, event: TRANSFER, args, fromBlock, toBlock, strict: true });
    const [ins, outs] = await Promise.all([query({ to: treasury }), query({ from: treasury })]);
    const same = (a: Address, b: Address) => a.toLowerCase() === b.toLowerCase();
    for (const l of ins)
      if (!same(l.args.from, treasury))
        found.push({ kind: 'deposit', asset, counterparty: getAddress(l.args.from), amount: l.args.value, ...at(l) });
    for (const l of outs)
      if (!same(l.args.to, treasury))
        found.push({ kind: 'outflow', asset, counterparty: getAddress(l.args.to), amount: l.args.value, ...at(l) });
  }
  found.sort((a, b) => (a.block === b.block ? a.logIndex - b.logIndex : a.block < b.block ? -1 : 1));
  const times = new Map<bigint, Date>();
  for (const block of new Set(found.map((f) => f.block))) {
    const { timestamp } = await client.getBlock({ blockNumber: block });
    times.set(block, new Date(Number(timestamp) * 1000));
  }
  return found.map((f) => ({ ...f, time: times.get(f.block)! }));
}

function at(l: { transactionHash: Hex | null; logIndex: number | null; blockNumber: bigint | null }) {
  // Logs of a range up to a mined block always carry these; a pending log would not.
  if (l.transactionHash === null || l.logIndex === null || l.blockNumber === null) throw new Error('a mined log without its position');
  return { txHash: l.transactionHash, logIndex: l.logIndex, block: l.blockNumber };
}

/**
 * The outflows whose transaction has no `AllowanceSpent` from their treasury to the same
 * recipient for the same amount. Each AllowanceSpent accounts for one outflow, so a transaction
 * that pays twice under one spend is still caught.
 */
export async function unmatchedOutflows(client: PublicClient, transfers: readonly TreasuryTransfer[]): Promise<Set<TreasuryTransfer>> {
  const unmatched = new Set<TreasuryTransfer>();
  const byTx = new Map<Hex, TreasuryTransfer[]>();
  for (const t of transfers) if (t.kind === 'outflow') byTx.set(t.txHash, [...(byTx.get(t.txHash) ?? []), t]);
  for (const [hash, outflows] of byTx) {
    const receipt = await client.getTransactionReceipt({ hash });
    const spends = parseEventLogs({ abi: Treasury.abi, eventName: 'AllowanceSpent', logs: receipt.logs }).map((s) => ({
      key: spendKey(s.address, s.args.to, s.args.amount),
      used: false,
    }));
    for (const o of outflows) {
      const match = spends.find((s) => !s.used && s.key === spendKey(o.asset.treasury, o.counterparty, o.amount));
      if (match) match.used = true;
      else unmatched.add(o);
    }
  }
  return unmatched;
}

const spendKey = (treasury: string, to: string, amount: bigint) => `${treasury.toLowerCase()}:${to.toLowerCase()}:${amount}`;
