/**
 * Contract tests assert which custom error a call reverted with (its ABI-decoded name and args),
 * never a message substring, so a revert for the wrong reason fails the test.
 */
import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  encodeDeployData,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';

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

/**
 * The decoded revert of a constructor: deployments are not contract calls to viem, so the raw
 * revert data of an eth_call of the creation code is decoded against the artifact's ABI.
 */
export async function deployRevertOf(
  client: PublicClient,
  artifact: { abi: Abi; bytecode: Hex },
  args: readonly unknown[],
  account?: Address,
): Promise<Revert | undefined> {
  try {
    await client.call({ account, data: encodeDeployData({ abi: artifact.abi, bytecode: artifact.bytecode, args } as any) });
  } catch (err) {
    const raw = err instanceof BaseError ? err.walk((e) => typeof (e as { data?: unknown }).data === 'string') : undefined;
    const data = (raw as { data?: Hex } | undefined)?.data;
    if (!data) throw err;
    const decoded = decodeErrorResult({ abi: artifact.abi, data });
    return { name: decoded.errorName, args: decoded.args ?? [] };
  }
  return undefined;
}
