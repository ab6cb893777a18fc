/**
 * The orchestrator's own writes (issuing a key, topping up its gas): simulated first, so a revert
 * is named before anything is sent, then sent one at a time per sender and waited for. Also the
 * receipt wait every send shares, polling briskly: the public client has no chain, so viem's own
 * wait would poll every four seconds.
 */
import { inSpan, SpanKind, tracingOn } from '../../kernel/tracing.js';
import { TransactionReceiptNotFoundError, type Abi, type Address, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import type { ChainWallet } from './binding.js';
import { chainFailure } from './failure.js';
import { senderKey, type Serial } from './serial.js';

const RECEIPT_TIMEOUT_MS = 60_000;
const FIRST_RETRY_MS = 2;

export async function receiptOf(client: PublicClient, hash: Hex, timeoutMs = RECEIPT_TIMEOUT_MS): Promise<TransactionReceipt> {
  const end = Date.now() + timeoutMs;
  // Asked again soon at first: a node that mines on arrival (a dev chain) has the receipt a moment
  // after the broadcast answered, and the wait doubles from there for a chain with real blocks.
  for (let delay = FIRST_RETRY_MS; ; delay = Math.min(delay * 2, 500)) {
    const r = await client.getTransactionReceipt({ hash }).catch((err: unknown) => {
      if (err instanceof TransactionReceiptNotFoundError) return undefined;
      throw err;
    });
    if (r) return r;
    if (Date.now() > end) throw new Error(`no receipt for transaction ${hash} within ${timeoutMs / 1000} s`);
    await new Promise((res) => setTimeout(res, delay));
  }
}

export interface Written {
  readonly hash: Hex;
  readonly receipt: TransactionReceipt;
}

/** Simulates as the wallet, sends and waits; a revert (simulated or mined) fails with its name. */
export async function write(
  client: PublicClient,
  serial: Serial,
  wallet: ChainWallet,
  call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] },
): Promise<Written> {
  const doing = `${call.functionName} on ${call.address}`;
  try {
    return await serial(senderKey(wallet), async () => {
      const sendIt = async (): Promise<Written> => {
        const { request } = await client.simulateContract({ ...call, account: wallet.account } as never);
        const hash = await wallet.writeContract(request as never);
        const receipt = await receiptOf(client, hash);
        if (receipt.status !== 'success') throw new Error(`${doing} reverted on chain after a clean simulation (tx ${hash})`);
        return { hash, receipt };
      };
      if (!tracingOn()) return sendIt();
      return inSpan(`chain tx ${call.functionName}`, { kind: SpanKind.CLIENT, attributes: { 'svc.chain.call': doing } }, async (span) => {
        const w = await sendIt();
        span?.setAttribute('svc.chain.tx_hash', w.hash);
        return w;
      });
    });
  } catch (err) {
    throw chainFailure(err, doing);
  }
}

/** Sends native currency as the wallet and waits for it. */
export async function pay(client: PublicClient, serial: Serial, wallet: ChainWallet, to: Address, value: bigint): Promise<Written> {
  try {
    return await serial(senderKey(wallet), async () => {
      const hash = await wallet.sendTransaction({ to, value });
      return { hash, receipt: await receiptOf(client, hash) };
    });
  } catch (err) {
    throw chainFailure(err, `topping up the gas of ${to}`);
  }
}
