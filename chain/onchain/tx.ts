/**
 * One way chain-mode code writes: simulate first, so a revert is caught before anything is sent
 * and reported by its custom error's name and arguments (decoded against every svc contract's
 * errors, since a call through the governor or the router reverts with an inner contract's
 * error), then send and wait for the receipt. A write never fails silently: a reverted receipt
 * after a clean simulation is an error too.
 */
import { inSpan, SpanKind, tracingOn } from '../../kernel/tracing.js';
import {
  BaseError,
  ContractFunctionRevertedError,
  decodeErrorResult,
  parseEventLogs,
  type Abi,
  type Address,
  type Hex,
  type Log,
  type PublicClient,
} from 'viem';
import * as artifacts from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import type { ChainWallet } from './binding.js';
import { processSerial, senderKey } from './serial.js';
import { receiptOf } from './transact.js';

/** Every error and event any svc contract declares: what a revert or a receipt may carry. */
const ALL: Abi = Object.values(artifacts).flatMap((a) => a.abi.filter((x) => x.type === 'error' || x.type === 'event')) as Abi;

export interface ContractCall {
  readonly address: Address;
  readonly abi: Abi;
  readonly functionName: string;
  readonly args: readonly unknown[];
}

export interface Sent {
  readonly txHash: Hex;
  /** The simulated return value (a proposal id, an epoch). */
  readonly result: unknown;
  /** The receipt's logs decoded against every svc contract's events. */
  readonly events: readonly { readonly eventName: string; readonly args: Record<string, unknown>; readonly address: Address }[];
}

/** Simulates, sends as `wallet` and waits. A revert throws 422 `chain_reverted:<ErrorName>`, named in the message. */
export async function send(client: PublicClient, wallet: ChainWallet, call: ContractCall, label: string): Promise<Sent> {
  // One sender's writes one at a time (a gate's gas top-up and a proposal share the orchestrator's nonce).
  return processSerial(senderKey(wallet), () =>
    tracingOn()
      ? inSpan(`chain tx ${call.functionName}`, { kind: SpanKind.CLIENT, attributes: { 'svc.chain.call': label } }, async (span) => {
          const sent = await sendNow(client, wallet, call, label);
          span?.setAttribute('svc.chain.tx_hash', sent.txHash);
          return sent;
        })
      : sendNow(client, wallet, call, label),
  );
}

async function sendNow(client: PublicClient, wallet: ChainWallet, call: ContractCall, label: string): Promise<Sent> {
  let request: unknown;
  let result: unknown;
  try {
    ({ request, result } = await client.simulateContract({ ...call, account: wallet.account } as never));
  } catch (err) {
    throw revertError(err, label);
  }
  const txHash = await wallet.writeContract(request as never);
  const receipt = await receiptOf(client, txHash);
  if (receipt.status !== 'success')
    throw new AppError('chain_reverted', {
      detail: 'receipt',
      message: `${label} reverted on chain after a clean simulation (tx ${txHash})`,
    });
  return { txHash, result, events: decodeLogs(receipt.logs) };
}

export function decodeLogs(logs: readonly Log[]): Sent['events'] {
  return parseEventLogs({ abi: ALL, logs: logs as Log[] }) as unknown as Sent['events'];
}

/** A revert as `chain_reverted:<ErrorName>`; anything else (the RPC away) is rethrown as it is. */
export function revertError(err: unknown, label: string): unknown {
  if (!(err instanceof BaseError)) return err;
  const revert = err.walk((e) => e instanceof ContractFunctionRevertedError);
  let named: string;
  if (revert instanceof ContractFunctionRevertedError)
    named = revert.data?.errorName ? describe(revert.data.errorName, revert.data.args ?? []) : decodeRaw(revert.raw);
  else {
    // A bare eth_call's revert is undecoded: its data rides on the RPC error somewhere in the chain.
    const raw = err.walk(
      (e) => typeof (e as { data?: unknown }).data === 'string' && String((e as { data: string }).data).startsWith('0x'),
    );
    if (!raw) return err;
    named = decodeRaw((raw as unknown as { data: Hex }).data);
  }
  const name = named.split('(')[0]!;
  return new AppError('chain_reverted', { detail: name, message: `${label} reverted: ${named}` });
}

function decodeRaw(raw: Hex | undefined): string {
  if (!raw || raw === '0x') return 'no reason given';
  try {
    const d = decodeErrorResult({ abi: ALL, data: raw });
    return describe(d.errorName, d.args ?? []);
  } catch {
    return `unknown error ${raw.slice(0, 10)}`;
  }
}

/** `Name(arg, ...)`; a wrapped revert (the governor's ActionFailed) shows the inner error by name. */
function describe(name: string, args: readonly unknown[]): string {
  const shown = args.map((a) =>
    typeof a === 'string' && /^0x[0-9a-f]{8,}$/i.test(a) && name === 'ActionFailed' ? decodeRaw(a as Hex) : String(a),
  );
  return `${name}(${shown.join(', ')})`;
}
