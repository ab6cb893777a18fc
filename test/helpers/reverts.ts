/**
 * Contract tests assert which custom error a call reverted with (its ABI-decoded name and args),
 * never a message substring, so a revert for the wrong reason fails the test.
 */
import { BaseError, ContractFunctionRevertedError } from 'viem';

export interface Revert {
  readonly name: string | undefined;
  readonly args: readonly unknown[];
}

/** The decoded revert of `p`, or undefined if it did not revert; any other failure is rethrown. */
export async function revertOf(p: Promise<unknown>): Promise<Revert | undefined> {
  try {
    await p;
  } catch (err) {
    const revert = err instanceof BaseError ? err.walk((e) => e instanceof ContractFunctionRevertedError) : undefined;
    if (revert instanceof ContractFunctionRevertedError) return { name: revert.data?.errorName, args: revert.data?.args ?? [] };
    throw err;
  }
  return undefined;
}

/** Just the error name, for the common case. */
export async function revertName(p: Promise<unknown>): Promise<string | undefined> {
  return (await revertOf(p))?.name;
}
