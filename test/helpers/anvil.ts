/**
 * One anvil per test file: started from node_modules on a loopback port the OS picks, killed at
 * teardown. Cases isolate through `isolate` (evm_snapshot before, evm_revert after) instead of a
 * fresh chain each, which keeps contract test files to one anvil start and one set of deploys.
 */
import type { Test } from 'tap';
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  http,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type ContractConstructorArgs,
  type PublicClient,
  type TestClient,
  type TransactionReceipt,
  type Transport,
  type WalletClient,
} from 'viem';
import { foundry } from 'viem/chains';
import { startAnvil, type Anvil } from '../../chain/dev/anvil.js';
import { anvilAccount, ANVIL_ACCOUNT_COUNT } from '../../chain/dev/accounts.js';
import { deployArtifact, type DeployableArtifact } from '../../chain/deploy-artifact.js';

export type Wallet = WalletClient<Transport, Chain, Account>;

export interface TestChain {
  readonly anvil: Anvil;
  readonly public: PublicClient<Transport, Chain>;
  readonly test: TestClient<'anvil', Transport, Chain>;
  /** anvil's funded dev accounts 0..9 as local (signing) accounts. */
  readonly accounts: readonly Account[];
  /** A wallet client sending as dev account `index`. */
  wallet(index: number): Wallet;
  /** Deploys as dev account `from` (default 0, the deployer/governor of the demo org). */
  deploy<const TAbi extends Abi>(artifact: DeployableArtifact<TAbi>, args: ContractConstructorArgs<TAbi>, from?: number): Promise<Address>;
  /**
   * Simulates the call as dev account `from` (so a revert throws with its decoded custom error and
   * nothing is sent), then sends it and waits for a successful receipt.
   */
  write(from: number, call: ContractCall): Promise<TransactionReceipt>;
  /** Runs `fn` on a snapshot of the chain and reverts it afterwards, so cases see the same start state. */
  isolate<T>(fn: () => Promise<T>): Promise<T>;
}

/** Loosely typed on purpose: tests name functions by string and check the outcome on chain. */
export interface ContractCall {
  readonly address: Address;
  readonly abi: Abi;
  readonly functionName: string;
  readonly args?: readonly unknown[];
}

export async function startTestChain(t: Test): Promise<TestChain> {
  const anvil = await startAnvil();
  t.teardown(() => anvil.stop());
  const transport = http(anvil.url);
  const chain = foundry;
  const pub = createPublicClient({ chain, transport, pollingInterval: 50 });
  const test = createTestClient({ chain, transport, mode: 'anvil' });
  const accounts = Array.from({ length: ANVIL_ACCOUNT_COUNT }, (_, i) => anvilAccount(i));
  const wallets = new Map<number, Wallet>();
  const wallet = (index: number): Wallet => {
    const account = accounts[index];
    if (!account) throw new RangeError(`no anvil dev account ${index}`);
    let w = wallets.get(index);
    if (!w) wallets.set(index, (w = createWalletClient({ chain, transport, account })));
    return w;
  };
  return {
    anvil,
    public: pub,
    test,
    accounts,
    wallet,
    deploy: (artifact, args, from = 0) => deployArtifact({ wallet: wallet(from), public: pub }, artifact, args),
    write: async (from, call) => {
      const { request } = await pub.simulateContract({ ...call, account: wallet(from).account } as any);
      const hash = await wallet(from).writeContract(request as any);
      const receipt = await pub.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`${call.functionName} reverted on chain (tx ${hash})`);
      return receipt;
    },
    isolate: async (fn) => {
      const id = await test.snapshot();
      try {
        return await fn();
      } finally {
        await test.revert({ id });
      }
    },
  };
}
