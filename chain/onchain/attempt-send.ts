/**
 * A step's transaction sent inside its attempt: signed first, its hash and
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
import { senderKey, sendersShared, type Serial } from './serial.js';
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

/** A transaction filled by the node (nonce, gas, fees), not signed yet. */
export interface Prepared {
  readonly request: Record<string, unknown> & { readonly nonce: number };
}

export interface SendCall {
  readonly address: Address;
  readonly abi: Abi;
  readonly functionName: string;
  readonly args: readonly unknown[];
}

/** The nonce this process last broadcast per sender: a transaction filled before it reached the
 * sender's queue may carry a nonce another send of this process has taken since. */
const lastNonce = new Map<string, number>();

/** Fills `call` as the wallet's transaction; may run before the sender's turn (see `sendInAttempt`). */
export async function prepareSend(wallet: ChainWallet, call: SendCall): Promise<Prepared> {
  const data = encodeFunctionData({ abi: call.abi, functionName: call.functionName, args: call.args } as never);
  const request = await wallet.prepareTransactionRequest({ account: wallet.account, to: call.address, data, chain: wallet.chain });
  return { request: request as unknown as Prepared['request'] };
}

/** Signed here with the key this process holds; the chain id is the binding's, which the node checked
 * when it filled the transaction (and a node of another chain refuses the signature anyway). */
async function sign(wallet: ChainWallet, request: Prepared['request']): Promise<Hex> {
  const { account: _account, chain: _chain, ...tx } = request;
  const account = wallet.account;
  if (!account.signTransaction) return wallet.signTransaction(request as never);
  return account.signTransaction({ ...tx, chainId: wallet.chain.id } as never);
}

/**
 * Signs `prepared` (filled now when absent, or again when its nonce was taken meanwhile), records
 * it under the attempt and only then broadcasts it, in the sender's turn; then waits for its receipt.
 */
export async function sendInAttempt(
  store: Store,
  client: PublicClient,
  serial: Serial,
  wallet: ChainWallet,
  attemptKey: string,
  sessionId: bigint | null,
  call: SendCall,
  prepared?: Prepared,
): Promise<AttemptSent> {
  if (attemptKey === '') throw new AppError('flow_step_failed', { message: 'a chain send needs the attempt the engine opened around it' });
  const account = wallet.account;
  const sender = senderKey(wallet);
  const { row, fresh } = await serial(sender, async () => {
    let request = prepared?.request;
    const last = lastNonce.get(sender);
    if (request === undefined || (last !== undefined && request.nonce <= last)) {
      const filled = (await prepareSend(wallet, call)).request;
      request = last !== undefined && filled.nonce <= last ? { ...filled, nonce: last + 1 } : filled;
    } else if (sendersShared()) {
      // Filled before the turn: another process may have sent as this key meanwhile, which this
      // process's own record cannot know; the chain's count, read inside the turn, does.
      const next = await client.getTransactionCount({ address: account.address, blockTag: 'pending' });
      if (request.nonce < next) request = { ...request, nonce: next };
    }
    const rawTx = await sign(wallet, request);
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
    if (stored.txHash !== mine.txHash) return { row: stored, fresh: false };
    await client.sendRawTransaction({ serializedTransaction: rawTx });
    lastNonce.set(sender, request.nonce);
    return { row: mine, fresh: true };
  });
  // Just broadcast by us: the node has it, so only its receipt is asked for.
  const receipt = fresh ? await receiptOf(client, row.txHash) : await landed(client, row);
  return { txHash: row.txHash, receipt, sessionId: row.sessionId, rawTx: row.rawTx };
}
