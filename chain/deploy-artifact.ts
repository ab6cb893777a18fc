/**
 * Deploys one compiled artifact (chain/artifacts) with viem and waits for its receipt. The
 * artifacts are `{ abi, bytecode }` `as const`, so constructor arguments are type-checked against
 * the ABI; a deployment that reverts or yields no address throws instead of returning a dead one.
 */
import {
  getAddress,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type ContractConstructorArgs,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';

export interface DeployableArtifact<TAbi extends Abi = Abi> {
  readonly contractName: string;
  readonly abi: TAbi;
  readonly bytecode: Hex;
}

export async function deployArtifact<const TAbi extends Abi>(
  clients: { wallet: WalletClient<Transport, Chain, Account>; public: PublicClient },
  artifact: DeployableArtifact<TAbi>,
  args: ContractConstructorArgs<TAbi>,
): Promise<Address> {
  if (artifact.bytecode === '0x') throw new Error(`${artifact.contractName} has no bytecode (an interface or abstract contract)`);
  const hash = await clients.wallet.deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args } as any);
  const receipt = await clients.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error(`deploying ${artifact.contractName} failed (tx ${hash})`);
  // Receipts carry the address lowercased; reads return it checksummed. One spelling everywhere.
  return getAddress(receipt.contractAddress);
}
