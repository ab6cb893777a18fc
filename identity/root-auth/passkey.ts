/**
 * A passkey root's proof: a WebAuthn assertion checked by @simplewebauthn/server against the one
 * configured credential: type `webauthn.get`, the challenge byte for byte, the origin, the hash of
 * the relying party id, user presence, and the ECDSA P-256 signature over authenticatorData and
 * the hash of clientDataJSON under the credential's COSE public key.
 */
import { Value } from 'typebox/value';
import { AppError } from '../../schemas/errors.js';
import { PasskeyProof } from '../../schemas/root-auth.js';
import type { RootAuthSettings } from '../../schemas/config.js';

type PasskeySettings = NonNullable<RootAuthSettings['passkey']>;

/** `userVerification`: the multisig root's signer checks the UV flag on chain, so it is required here too. */
export async function verifyPasskeyProof(
  proof: unknown,
  challenge: string,
  settings: PasskeySettings,
  opts: { readonly userVerification?: boolean } = {},
): Promise<PasskeyProof> {
  if (!Value.Check(PasskeyProof, proof))
    throw invalid('the passkey proof is malformed: it needs {kind, credentialId, authenticatorData, clientDataJSON, signature}, base64url');
  if (proof.credentialId !== settings.id) throw invalid('the assertion comes from another credential than SVC_ROOT_PASSKEY_ID');
  // Loaded on the first proof, not at every start of a server that may never see one.
  const { verifyAuthenticationResponse } = await import('@simplewebauthn/server');
  let verified: boolean;
  try {
    ({ verified } = await verifyAuthenticationResponse({
      response: {
        id: proof.credentialId,
        rawId: proof.credentialId,
        type: 'public-key',
        clientExtensionResults: {},
        response: {
          authenticatorData: proof.authenticatorData,
          clientDataJSON: proof.clientDataJSON,
          signature: proof.signature,
          ...(proof.userHandle !== undefined ? { userHandle: proof.userHandle } : {}),
        },
      },
      expectedChallenge: challenge,
      expectedOrigin: settings.origin,
      expectedRPID: settings.rpId,
      expectedType: 'webauthn.get',
      // A passkey root needs presence; verification (PIN, biometrics) is the authenticator's choice,
      // unless the root is the multisig, whose signer contract refuses an assertion without it.
      requireUserVerification: opts.userVerification === true,
      // No signature counter is kept: synced passkeys report 0 and a replay is stopped by the single-use challenge.
      credential: { id: settings.id, publicKey: new Uint8Array(Buffer.from(settings.publicKey, 'base64url')), counter: 0 },
    }));
  } catch (err) {
    // The library names what did not match (origin, rpId hash, type, challenge, flags): its words, no secret in them.
    throw invalid(`the passkey assertion does not verify: ${(err as Error).message}`);
  }
  if (!verified) throw invalid('the passkey assertion does not verify: the signature is not the credential’s');
  return proof;
}

function invalid(message: string): AppError {
  return new AppError('root_proof_invalid', { message });
}
