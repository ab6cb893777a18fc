/**
 * How a chain call failed, in words safe for a run trace: a revert by its decoded custom error
 * (name and arguments), an RPC that does not answer as 503 `chain_unavailable`. viem's own
 * messages quote the request URL, credentials included, so none of them is passed on.
 */
import { BaseError, ContractFunctionRevertedError, HttpRequestError, TimeoutError, type Abi } from 'viem';
import { EscalationRouter, SessionRegistry, Treasury } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import { classify } from '../../kernel/retry.js';
import { rpcCause } from '../rpc.js';

/** The router's ABI plus the errors a proposal can revert with from the contracts it calls. */
export const PROPOSE_ABI: Abi = [
  ...EscalationRouter.abi,
  ...Treasury.abi.filter((x) => x.type === 'error'),
  ...SessionRegistry.abi.filter((x) => x.type === 'error' && !EscalationRouter.abi.some((y) => y.type === 'error' && y.name === x.name)),
];

export interface Revert {
  readonly name: string;
  readonly args: readonly unknown[];
}

/** The decoded revert inside `err`, or undefined when it is not a revert. */
export function revertOf(err: unknown): Revert | undefined {
  if (!(err instanceof BaseError)) return undefined;
  const r = err.walk((e) => e instanceof ContractFunctionRevertedError);
  if (!(r instanceof ContractFunctionRevertedError)) return undefined;
  return {
    name: r.data?.errorName ?? (r.signature ? `unknown error ${r.signature}` : 'a revert without reason'),
    args: r.data?.args ?? [],
  };
}

export function describeRevert(r: Revert): string {
  return `${r.name}(${r.args.map((a) => String(a)).join(', ')})`;
}

/** An RPC-level failure (no answer, HTTP error) as 503 `chain_unavailable`; the store out of reach (the
 * only other thing a chain write touches) as `store_unavailable`, an outage the bus retries for as
 * long as it lasts, never a step's answer; anything else as a named step failure. */
export function chainFailure(err: unknown, doing: string, timeoutMs = 10_000): AppError {
  if (err instanceof AppError) return err;
  if (!(err instanceof BaseError) && classify(err) === 'outage')
    return new AppError('store_unavailable', { message: `the store is unavailable while ${doing}`, cause: err });
  const r = revertOf(err);
  if (r) return new AppError('flow_step_failed', { message: `${doing} reverted: ${describeRevert(r)}` });
  if (err instanceof BaseError && (err.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError) ?? undefined))
    return new AppError('chain_unavailable', { message: `the chain is unavailable while ${doing}: ${rpcCause(err, timeoutMs)}` });
  const short = err instanceof BaseError ? err.shortMessage : 'an unexpected failure';
  return new AppError('flow_step_failed', { message: `${doing} failed: ${firstLine(short)}` });
}

function firstLine(s: string): string {
  // A short message may still name the URL on a later line ("URL: ..."); keep the first.
  return (s.split('\n')[0] ?? s).replace(/https?:\/\/\S+/g, '<rpc>');
}
