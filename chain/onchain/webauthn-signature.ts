/**
 * A verified passkey assertion as the signature a Safe hands to its WebAuthn signer owner: a
 * contract signature (the owner's address as r, the offset of the dynamic part as s, v = 0),
 * followed by the length-prefixed ABI encoding of (authenticatorData, clientDataFields, r, s).
 *
 * The signer contract does not take clientDataJSON whole: it rebuilds it as
 * `{"type":"webauthn.get","challenge":"<base64url of the hash>",` + clientDataFields + `}`, so the
 * assertion's clientDataJSON must start exactly so, and what follows the challenge (origin,
 * crossOrigin, anything else the browser wrote) is passed through unchanged. The ECDSA signature
 * goes from DER to (r, s) with s in the lower half of the curve order, the canonical form.
 */
import { Signature } from 'ox';
import { concat, encodeAbiParameters, pad, size, toHex, type Address, type Hex } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { PasskeyProof } from '../../schemas/root-auth.js';

/** The order of the P-256 group. */
const P256_N = 0xffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551n;
/** One owner entry of 65 bytes precedes the dynamic part. */
const DYNAMIC_OFFSET = 65n;

export function safeWebAuthnSignature(proof: PasskeyProof, challenge: string, signer: Address): Hex {
  const clientData = Buffer.from(proof.clientDataJSON, 'base64url').toString('utf8');
  const prefix = `{"type":"webauthn.get","challenge":"${challenge}",`;
  if (!clientData.startsWith(prefix) || !clientData.endsWith('}'))
    throw new AppError('root_proof_invalid', {
      message:
        'the assertion’s clientDataJSON does not begin {"type":"webauthn.get","challenge":…, as the multisig’s signer contract rebuilds it',
    });
  const clientDataFields = clientData.slice(prefix.length, -1);
  let r: bigint;
  let s: bigint;
  try {
    ({ r, s } = Signature.fromDerBytes(new Uint8Array(Buffer.from(proof.signature, 'base64url'))));
  } catch {
    throw new AppError('root_proof_invalid', { message: 'the assertion’s signature is not a DER-encoded ECDSA signature' });
  }
  if (s > P256_N / 2n) s = P256_N - s;
  const dynamic = encodeAbiParameters(
    [{ type: 'bytes' }, { type: 'string' }, { type: 'uint256' }, { type: 'uint256' }],
    [toHex(Buffer.from(proof.authenticatorData, 'base64url')), clientDataFields, r, s],
  );
  return concat([pad(signer, { size: 32 }), toHex(DYNAMIC_OFFSET, { size: 32 }), '0x00', toHex(size(dynamic), { size: 32 }), dynamic]);
}

/** The P-256 point of a COSE_Key (base64url): what the signer contract holds. */
export async function coseCoordinates(publicKey: string): Promise<{ x: bigint; y: bigint }> {
  const { isoCBOR } = await import('@simplewebauthn/server/helpers');
  const key = isoCBOR.decodeFirst<Map<number, Uint8Array>>(new Uint8Array(Buffer.from(publicKey, 'base64url')));
  const coordinate = (label: number) => BigInt(toHex(key.get(label)!));
  return { x: coordinate(-2), y: coordinate(-3) };
}
