/**
 * A deployed contract bound to its ABI for tests: `read` for views, `write` that simulates first
 * (so a revert surfaces as a decoded custom error, as the orchestrator's own sends do) and
 * returns the simulated result with the receipt's decoded events; `rejectsWith` asserts a revert
 * by its decoded custom error, so a revert for another reason fails the case.
 */
import type { Test } from 'tap';
import {
  parseEventLogs,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { revertOf } from './reverts.js';

export type Wallet = WalletClient<Transport, Chain, Account>;

export interface Written {
  readonly result: any;
  readonly events: { eventName: string; args: any; address: Address }[];
  readonly hash: `0x${string}`;
}

export interface Bound {
  readonly address: Address;
  readonly abi: Abi;
  read(functionName: string, args?: readonly unknown[]): Promise<any>;
  write(from: Wallet, functionName: string, args?: readonly unknown[]): Promise<Written>;
}

export function bind(publicClient: PublicClient, address: Address, abi: Abi, eventAbis: Abi = []): Bound {
  const decodeWith = [...abi, ...eventAbis] as Abi;
  return {
    address,
    abi,
    read: (functionName, args = []) => publicClient.readContract({ address, abi, functionName, args } as never) as Promise<any>,
    async write(from, functionName, args = []) {
      const { request, result } = await publicClient.simulateContract({
        account: from.account,
        address,
        abi,
        functionName,
        args,
      } as never);
      const hash = await from.writeContract(request as never);
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`${functionName} reverted on chain after a clean simulation`);
      const events = parseEventLogs({ abi: decodeWith, logs: receipt.logs }) as unknown as Written['events'];
      return { result, events, hash };
    },
  };
}

/** Names of the decoded events, in log order, optionally only those emitted by `address`. */
export function eventNames(w: Written, address?: Address): string[] {
  return w.events.filter((e) => !address || e.address.toLowerCase() === address.toLowerCase()).map((e) => e.eventName);
}

/** Expects `call` to revert with the custom error `name` (and, when given, exactly `args`). */
export async function rejectsWith(t: Test, call: Promise<unknown>, name: string, args?: readonly unknown[]): Promise<void> {
  const got = await revertOf(call);
  if (!got) return void t.fail(`expected a revert with ${name}, but the call succeeded`);
  t.equal(got.name, name, `reverts with ${name}`);
  if (args) t.same(got.args, args, `${name} arguments`);
}

/** evm_snapshot before each case and evm_revert after it: every case starts from the file's deploys. */
export function isolateEach(
  t: Test,
  testClient: { snapshot(): Promise<`0x${string}`>; revert(a: { id: `0x${string}` }): Promise<void> },
): void {
  let id: `0x${string}` | undefined;
  t.beforeEach(async () => {
    id = await testClient.snapshot();
  });
  t.afterEach(async () => {
    if (id) await testClient.revert({ id });
  });
}
