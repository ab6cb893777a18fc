/**
 * `POST /intents/confirm`: a multisig root's resolution sent by someone other than svc (the 409
 * `multisig_exec_unsigned` transaction, sent from any account) is recorded only once the chain
 * shows it: a successful receipt of a transaction to the multisig carrying the router's
 * IntentResolved for this intent with this decision. While the router still waits the answer is
 * `confirmed: false` with the seat it waits on, and nothing is written; a transaction that does not
 * prove the resolution is `confirmed: false` with the reason. Confirming twice records once.
 */
import { randomUUID } from 'node:crypto';
import { getAddress, parseEventLogs, TransactionReceiptNotFoundError, type Address, type Hex, type TransactionReceipt } from 'viem';
import { EscalationRouter } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import type { IntentConfirmation } from '../../schemas/intents.js';
import type { ChainBinding } from './binding.js';
import type { ResolverDeps } from './resolver-deps.js';

export interface ConfirmRequest {
  readonly intentId: string;
  readonly approved: boolean;
  readonly txHash: string;
  readonly asset?: string | undefined;
  readonly traceId?: string | undefined;
}

export async function confirmMultisigResolution(
  b: ChainBinding,
  deps: Pick<ResolverDeps, 'history' | 'audit' | 'now'>,
  safe: Address,
  req: ConfirmRequest,
): Promise<IntentConfirmation> {
  const asset = b.asset(req.asset);
  const router = getAddress(asset.router);
  const r = { address: router, abi: EscalationRouter.abi } as const;
  const id = BigInt(req.intentId);
  const txHash = req.txHash.toLowerCase() as Hex;
  const base = { asset: asset.symbol, intentId: String(id) };
  if (id >= (await b.client.readContract({ ...r, functionName: 'nextIntentId' })))
    throw new AppError('intent_not_found', { message: `no intent ${id} on the ${asset.symbol} router` });
  const intent = await b.client.readContract({ ...r, functionName: 'getIntent', args: [id] });
  if (!intent.resolved) return { confirmed: false, ...base, awaitingApprover: getAddress(intent.awaitingApprover) };
  const no = (reason: string): IntentConfirmation => ({ confirmed: false, ...base, reason });
  if (getAddress(intent.awaitingApprover) !== safe) return no(`intent ${id} was not resolved by the multisig root ${safe}`);

  let receipt: TransactionReceipt;
  try {
    receipt = await b.client.getTransactionReceipt({ hash: txHash });
  } catch (err) {
    if (err instanceof TransactionReceiptNotFoundError) return no(`the chain has no receipt for ${txHash} (not mined, or not this chain)`);
    throw err;
  }
  if (receipt.status !== 'success') return no(`the transaction ${txHash} reverted`);
  if (receipt.to === null || getAddress(receipt.to) !== safe)
    return no(`the transaction ${txHash} was not sent to the multisig root ${safe}`);
  const events = parseEventLogs({ abi: EscalationRouter.abi, logs: receipt.logs.filter((l) => getAddress(l.address) === router) });
  const resolved = events.find((e) => e.eventName === 'IntentResolved' && (e.args as { id: bigint }).id === id);
  if (!resolved) return no(`the transaction ${txHash} carries no IntentResolved for intent ${id} on ${asset.symbol}`);
  const denied = events.some((e) => e.eventName === 'IntentDenied' && (e.args as { id: bigint }).id === id);
  const decided = (resolved.args as { approved: boolean }).approved;
  // An approval the root's own stack turned down resolves `false` with IntentDenied: still the root's approval.
  if (decided !== req.approved && !(req.approved && denied))
    return no(`the transaction ${txHash} ${decided ? 'approved' : 'rejected'} intent ${id}, not what was asked to confirm`);

  const outcome = denied ? 'denied' : decided ? 'settled' : 'rejected';
  const resolution = {
    ...base,
    approved: decided,
    outcome,
    approver: safe,
    authorizedBy: 'root:multisig-passkey',
    ...(denied ? { reason: 'policy_deny' as const } : {}),
    txHash,
  } as const;
  const history = deps.history();
  if (!(await history.byTx(asset.symbol, String(id), txHash))) {
    await history.record({
      id: randomUUID(),
      asset: asset.symbol,
      intentId: String(id),
      outcome,
      approved: decided,
      approver: safe,
      authorizedBy: 'root:multisig-passkey',
      awaiting: null,
      txHash,
      at: new Date(deps.now()),
    });
    await deps.audit.record('IntentResolved', { ...resolution }, req.traceId);
  }
  return { confirmed: true, ...resolution };
}
