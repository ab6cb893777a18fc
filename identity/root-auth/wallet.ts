/**
 * A wallet root's proof: an EIP-191 personal_sign of the challenge's statement, the signer
 * recovered by viem and compared with the configured root address (itself checked against the
 * registry's root when the challenge is answered).
 */
import { getAddress, recoverMessageAddress, type Address } from 'viem';
import { Value } from 'typebox/value';
import { AppError } from '../../schemas/errors.js';
import { WalletProof } from '../../schemas/root-auth.js';

export async function verifyWalletProof(proof: unknown, statement: string, root: Address): Promise<void> {
  if (!Value.Check(WalletProof, proof))
    throw invalid('the wallet proof is malformed: it needs {kind: "wallet", address, signature} (65 bytes, hex)');
  let signer: Address;
  try {
    signer = await recoverMessageAddress({ message: statement, signature: proof.signature as `0x${string}` });
  } catch (err) {
    throw invalid(`the wallet signature does not recover: ${(err as Error).message.split('\n')[0]}`);
  }
  if (signer !== getAddress(proof.address)) throw invalid(`the signature recovers to ${signer}, not to the address the proof names`);
  if (signer !== getAddress(root)) throw invalid(`the statement was signed by ${signer}, which is not the root ${getAddress(root)}`);
}

function invalid(message: string): AppError {
  return new AppError('root_proof_invalid', { message });
}
