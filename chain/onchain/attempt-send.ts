/**
 * A step's transaction sent inside its attempt (spec 001 "Recovery"): signed first, its hash and
 * raw bytes recorded under the attempt's base key, then broadcast. An `idempotent` retry of the
 * attempt (key `<base>.rN`) finds the record and asks the chain: a receipt means it happened (it
 * is routed, not paid again); none means the same signed bytes are broadcast again, which the
 * chain accepts at most once (same nonce). A crash before the record means nothing was sent.
 */
import { encodeFunctionData, keccak256, type Abi, type Address, type Hex, type PublicClient, type TransactionReceipt } from 'viem';
import { AppError } from '../../schemas/errors.js';
import { chainSessionsOf, type SendRow } from '../../store/chain-sessions/index.js';
import type { Store } from '../../store/types.js';
import type { ChainWallet } from './binding.js';
import type { Serial } from './serial.js';
import { receiptOf } from './transact.js';

/** The attempt key without the `.rN` a retry adds: what the first try and its retries share. */
export function attemptBase(key: string): string {
  return key.replace(/\.r\d+$/, '');
}

export interface AttemptSent {
  readonly txHash: Hex;
  readonly receipt: TransactionReceipt;
  readonly sessionId: bigint | null;
  /** The signed bytes: what was sent, to whom and for how much, as the record has it. */
  readonly rawTx: Hex;
}

/** The transaction an earlier try of this attempt recorded, to its receipt; undefined when none did. */
export async function priorSend(store: Store, client: PublicClient, attemptKey: string): Promise<AttemptSent | undefined> {
  const prior = await chainSessionsOf(store).sendOf(attemptBase(attemptKey));
  if (!prior) return undefined;
  return { txHash: prior.txHash, receipt: await landed(client, prior), sessionId: prior.sessionId, rawTx: prior.rawTx };
}

async function landed(client: PublicClient, sent: SendRow): Promise<TransactionReceipt> {
  const known = await client.getTransaction({ hash: sent.txHash }).catch(() => undefined);
  if (!known) {
    // Never reached the chain (or the node forgot it): the same bytes, so at most once still holds.
    await client.sendRawTransaction({ serializedTransaction: sent.rawTx }).catch((err: unknown) => {
      // A nonce already used means a transaction of this key landed in its place; the receipt says which.
      if (!/nonce too low|already known|nonce has already been used/i.test(String((err as Error).message))) throw err;
    });
  }
  return receiptOf(client, sent.txHash);
}

export async function sendInAttempt(
  store: Store,
  client: PublicClient,
  serial: Serial,
  wallet: ChainWallet,
  attemptKey: string,
  sessionId: bigint | null,
  call: { address: Address; abi: Abi; functionName: string; args: readonly unknown[] },
): Promise<AttemptSent> {
  if (attemptKey === '') throw new AppError('flow_step_failed', { message: 'a chain send needs the attempt the engine opened around it' });
  const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as never);
  const account = wallet.account;
  const row = await serial(account.address, async () => {
    const request = await wallet.prepareTransactionRequest({ account, to: call.address, data, chain: wallet.chain });
    const rawTx = await wallet.signTransaction(request as never);
    const mine: SendRow = {
      attempt: attemptBase(attemptKey),
      txHash: keccak256(rawTx),
      rawTx,
      sender: account.address,
      sessionId,
      createdAt: new Date(),
    };
    const stored = await chainSessionsOf(store).recordSend(mine);
    // Another try of this attempt recorded first: its transaction is the one, ours is never sent.
    if (stored.txHash !== mine.txHash) return stored;
    await client.sendRawTransaction({ serializedTransaction: rawTx });
    return mine;
  });
  return { txHash: row.txHash, receipt: await landed(client, row), sessionId: row.sessionId, rawTx: row.rawTx };
}
