/**
 * Test credentials for the root, so a person (or a test) can go through a root challenge without a
 * browser or a hardware wallet: a software passkey (a P-256 key from node:crypto that builds
 * WebAuthn assertions the way an authenticator does: authenticatorData = SHA-256(rpId) ‖ flags ‖
 * counter, clientDataJSON of type `webauthn.get`, an ECDSA signature in DER over authenticatorData ‖
 * SHA-256(clientDataJSON)), and a wallet signer (viem's personal_sign of the challenge's statement).
 * These keys are for development: a real root's keys never leave its authenticator or wallet.
 */
import { createHash, createPrivateKey, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import { privateKeyToAccount } from 'viem/accounts';
import type { Hex } from 'viem';
import type { PasskeyProof, WalletProof } from '../../schemas/root-auth.js';

export interface DevPasskey {
  readonly credentialId: string;
  /** PKCS#8 DER, base64url: the secret half. */
  readonly privateKey: string;
  /** The COSE_Key (EC2, P-256, ES256), base64url: SVC_ROOT_PASSKEY_PUBKEY. */
  readonly publicKey: string;
  readonly rpId: string;
  readonly origin: string;
}

/** User present; user verified too unless asked otherwise. */
const UP = 0x01;
const UV = 0x04;

export function passkeyKeygen(rpId: string, origin: string): DevPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const coseKey = new Map<number, number | Uint8Array>([
    [1, 2], // kty: EC2
    [3, -7], // alg: ES256
    [-1, 1], // crv: P-256
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return {
    credentialId: randomBytes(16).toString('base64url'),
    privateKey: privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64url'),
    publicKey: Buffer.from(isoCBOR.encode(coseKey)).toString('base64url'),
    rpId,
    origin,
  };
}

/** The four settings that make this credential the root. */
export function passkeyEnv(c: DevPasskey): Record<string, string> {
  return {
    SVC_ROOT_AUTH: 'passkey',
    SVC_ROOT_PASSKEY_ID: c.credentialId,
    SVC_ROOT_PASSKEY_PUBKEY: c.publicKey,
    SVC_ROOT_PASSKEY_RPID: c.rpId,
    SVC_ROOT_PASSKEY_ORIGIN: c.origin,
  };
}

export interface AssertionOptions {
  /** Overrides, for tests that need an assertion from somewhere else. */
  readonly origin?: string;
  readonly rpId?: string;
  readonly type?: string;
  readonly userVerified?: boolean;
  /** False: the user-present flag is left clear, which a root refuses. */
  readonly userPresent?: boolean;
  readonly counter?: number;
}

/** A WebAuthn assertion over `challenge` (the base64url string the challenge route answered). */
export function passkeyAssert(c: DevPasskey, challenge: string, o: AssertionOptions = {}): PasskeyProof {
  const authenticatorData = Buffer.alloc(37);
  createHash('sha256')
    .update(o.rpId ?? c.rpId)
    .digest()
    .copy(authenticatorData, 0);
  authenticatorData[32] = (o.userPresent === false ? 0 : UP) | (o.userVerified === false || o.userPresent === false ? 0 : UV);
  authenticatorData.writeUInt32BE(o.counter ?? 0, 33);
  const clientDataJSON = Buffer.from(
    JSON.stringify({ type: o.type ?? 'webauthn.get', challenge, origin: o.origin ?? c.origin, crossOrigin: false }),
  );
  const signed = Buffer.concat([authenticatorData, createHash('sha256').update(clientDataJSON).digest()]);
  const key = createPrivateKey({ key: Buffer.from(c.privateKey, 'base64url'), format: 'der', type: 'pkcs8' });
  // node:crypto signs ECDSA in DER by default, as WebAuthn carries it.
  const signature = sign('sha256', signed, key);
  return {
    kind: 'passkey',
    credentialId: c.credentialId,
    authenticatorData: authenticatorData.toString('base64url'),
    clientDataJSON: clientDataJSON.toString('base64url'),
    signature: signature.toString('base64url'),
  };
}

/** personal_sign of the statement a wallet root's challenge carries. */
export async function walletSign(privateKey: Hex, statement: string): Promise<WalletProof> {
  const account = privateKeyToAccount(privateKey);
  return { kind: 'wallet', address: account.address, signature: await account.signMessage({ message: statement }) };
}
