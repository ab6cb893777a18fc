/**
 * A root-depth resolution through the multisig root: the intent must wait on the Safe; the
 * assertion is verified (its challenge burned) first; then the Safe transaction at the live nonce
 * must still hash to that challenge and the Safe must still be 1-of-1 by the credential's signer.
 * The signed `execTransaction` goes out through the approval relayer when one may spend on this
 * chain; without one the answer is 409 `multisig_exec_unsigned` carrying the transaction, and
 * nothing is recorded until `POST /intents/confirm` finds it landed.
 */
import { getAddress, type Address, type Hex } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { PasskeyProof } from '../../schemas/root-auth.js';
import { coseCoordinates, safeWebAuthnSignature } from './webauthn-signature.js';
import type { ChainBinding } from './binding.js';
import { challengeOf, execTransactionArgs, execTransactionData, SAFE_ABI, safeResolveTx, soleWebAuthnOwner } from './multisig-root.js';
import type { PendingIntent } from './pending-intent.js';
import { send, type Sent } from './tx.js';

export interface MultisigRootSettings {
  readonly safe: Address;
  /** SVC_ROOT_PASSKEY_PUBKEY, the COSE key the Safe's signer must hold. */
  readonly publicKey: string;
  readonly relayer: { readonly key: () => Hex; readonly chains: readonly number[] } | undefined;
}

/** The root's verified answer: the challenge it consumed and the assertion over it. */
export type MultisigAuthorize = (pending: PendingIntent) => Promise<{ challenge: string; proof: PasskeyProof }>;

/** The built, signed transaction a 409 hands back for the caller to send. */
export interface UnsignedExec {
  readonly safeTxHash: Hex;
  readonly transaction: { readonly to: Address; readonly data: Hex; readonly value: '0'; readonly chainId: number };
}

/** 409 `multisig_exec_unsigned` whose body carries the transaction to send. */
export class MultisigExecUnsigned extends AppError {
  readonly exec: UnsignedExec;
  constructor(exec: UnsignedExec, message: string) {
    super('multisig_exec_unsigned', { message });
    this.exec = exec;
  }
  override toResponseObject() {
    return { ...super.toResponseObject(), ...this.exec };
  }
}

export async function resolveThroughMultisig(
  b: ChainBinding,
  router: Address,
  pending: PendingIntent,
  approved: boolean,
  ms: MultisigRootSettings,
  authorize: MultisigAuthorize,
): Promise<Sent> {
  const id = BigInt(pending.intentId);
  if (getAddress(pending.approver) !== ms.safe)
    throw new AppError('root_auth_config_error', {
      message: `intent ${id} waits on the root ${pending.approver}, not on the multisig SVC_ROOT_MULTISIG_ADDRESS (${ms.safe}); nothing was sent`,
    });
  const answer = await authorize(pending);
  const tx = await safeResolveTx(b.client, ms.safe, router, id, approved);
  if (challengeOf(tx.safeTxHash) !== answer.challenge)
    throw new AppError('root_proof_invalid', {
      message: `the multisig's transaction at its live nonce ${tx.nonce} is not the one the challenge was made for (the nonce moved, or it was asked for another decision); ask a new challenge`,
    });
  const signer = await soleWebAuthnOwner(b.client, ms.safe, await coseCoordinates(ms.publicKey));
  const signatures = safeWebAuthnSignature(answer.proof, answer.challenge, signer);
  const chainId = b.chain.id;
  const relayer = ms.relayer && ms.relayer.chains.includes(chainId) ? ms.relayer : undefined;
  if (!relayer)
    throw new MultisigExecUnsigned(
      { safeTxHash: tx.safeTxHash, transaction: { to: ms.safe, data: execTransactionData(tx, signatures), value: '0', chainId } },
      `no approval relayer may spend on chain ${chainId} (SVC_ROOT_APPROVAL_RELAYER, SVC_ROOT_APPROVAL_RELAY_CHAINS): send this signed multisig transaction from any funded account, then POST /intents/confirm with its hash; nothing was recorded`,
    );
  return send(
    b.client,
    b.walletFor(relayer.key()),
    { address: ms.safe, abi: SAFE_ABI, functionName: 'execTransaction', args: execTransactionArgs(tx, signatures) },
    `Safe(${ms.safe}).execTransaction(EscalationRouter.resolve(${id}, ${approved}))`,
  );
}
