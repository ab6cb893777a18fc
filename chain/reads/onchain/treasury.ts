/**
 * GET /treasury/balances and GET /governance/grants: what each asset's treasury holds (the token
 * balance, the part not reserved for allowances, the reserved part) and what its epoch streamer
 * grants each recipient per epoch.
 */
import { erc20Abi, getAddress, type Address, type PublicClient } from 'viem';
import { EpochStreamer, Treasury } from '../../artifacts/index.js';
import type { DeployedAsset } from '../../../schemas/chain-config.js';
import type { GrantsView, TreasuryView } from '../../../schemas/chain-reads.js';

export async function readTreasury(client: PublicClient, asset: DeployedAsset): Promise<TreasuryView['balances'][number]> {
  const treasury = asset.treasury as Address;
  const t = { address: treasury, abi: Treasury.abi } as const;
  const [balance, liquid, reserved] = await Promise.all([
    client.readContract({ address: asset.token as Address, abi: erc20Abi, functionName: 'balanceOf', args: [treasury] }),
    client.readContract({ ...t, functionName: 'liquidBalance' }),
    client.readContract({ ...t, functionName: 'totalReserved' }),
  ]);
  return {
    asset: asset.symbol,
    token: getAddress(asset.token),
    treasury: getAddress(treasury),
    balance: balance.toString(),
    liquid: liquid.toString(),
    reserved: reserved.toString(),
  };
}

export async function readGrants(client: PublicClient, asset: DeployedAsset): Promise<GrantsView> {
  const s = { address: asset.streamer as Address, abi: EpochStreamer.abi } as const;
  const [epoch, recipients] = await Promise.all([
    client.readContract({ ...s, functionName: 'currentEpoch' }),
    client.readContract({ ...s, functionName: 'recipients' }),
  ]);
  const amounts = await Promise.all(recipients.map((r) => client.readContract({ ...s, functionName: 'grantAmount', args: [r] })));
  return {
    asset: asset.symbol,
    epoch: epoch.toString(),
    grants: recipients.map((r, i) => ({ recipient: getAddress(r), amount: amounts[i]!.toString() })),
  };
}
