/**
 * Deploys a policy contract (a stack, a rate or window module) as the orchestrator, in the
 * sender's turn like every other send of that key, and waits for it with the brisk receipt poll.
 * The bytecode's constructor is estimated by the node first, so a constructor that would revert
 * fails here, named, before anything is broadcast.
 */
import { getAddress, type Abi, type Address, type ContractConstructorArgs, type PublicClient } from 'viem';
import type { DeployableArtifact } from '../deploy-artifact.js';
import { AppError } from '../../schemas/errors.js';
import type { ChainWallet } from './binding.js';
import { processSerial, senderKey } from './serial.js';
import { receiptOf } from './transact.js';
import { revertError } from './tx.js';

export async function deployModule<const TAbi extends Abi>(
  client: PublicClient,
  wallet: ChainWallet,
  artifact: DeployableArtifact<TAbi>,
  args: ContractConstructorArgs<TAbi>,
): Promise<Address> {
  return processSerial(senderKey(wallet), async () => {
    let hash;
    try {
      hash = await wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args } as never);
    } catch (err) {
      throw revertError(err, `deploying ${artifact.contractName}`);
    }
    const receipt = await receiptOf(client, hash);
    if (receipt.status !== 'success' || !receipt.contractAddress)
      throw new AppError('chain_reverted', { detail: 'receipt', message: `deploying ${artifact.contractName} failed (tx ${hash})` });
    return getAddress(receipt.contractAddress);
  });
}
