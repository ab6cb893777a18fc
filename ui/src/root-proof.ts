/**
 * The root's proof for one challenge, made in the browser: a passkey assertion from
 * `navigator.credentials.get` (the authenticator holds the key; the page sees only the signed
 * result), or a wallet's personal_sign of the challenge's statement when the page has an injected
 * wallet. The proof's shape is what `/intents/resolve` takes as `rootProof`.
 */
import type { Reply } from './api.js';

type Challenge = Reply<'/root-auth/challenge', 'post'>;

const b64url = (buf: ArrayBuffer): string => {
  let s = '';
  for (const b of new Uint8Array(buf)) s += String.fromCharCode(b);
  return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
};
const bytes = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>;
}

export async function rootProof(c: Challenge): Promise<Record<string, unknown>> {
  if (!c.challenge) throw new Error('the challenge reply carries no challenge');
  if (c.kind === 'passkey') {
    if (!c.credentialId || !c.rpId) throw new Error('the challenge names no credential');
    const got = (await navigator.credentials.get({
      publicKey: {
        challenge: bytes(c.challenge),
        rpId: c.rpId,
        allowCredentials: [{ type: 'public-key', id: bytes(c.credentialId) }],
        userVerification: 'preferred',
        timeout: 120_000,
      },
    })) as PublicKeyCredential | null;
    if (!got) throw new Error('no passkey answered');
    const r = got.response as AuthenticatorAssertionResponse;
    return {
      kind: 'passkey',
      credentialId: b64url(got.rawId),
      authenticatorData: b64url(r.authenticatorData),
      clientDataJSON: b64url(r.clientDataJSON),
      signature: b64url(r.signature),
      ...(r.userHandle && r.userHandle.byteLength > 0 ? { userHandle: b64url(r.userHandle) } : {}),
    };
  }
  if (c.kind === 'wallet') {
    const wallet = (window as unknown as { ethereum?: Eip1193 }).ethereum;
    if (!wallet || !c.statement) throw new Error('a wallet root signs in a browser wallet: none is present on this page');
    const [address] = (await wallet.request({ method: 'eth_requestAccounts' })) as string[];
    if (!address) throw new Error('the wallet shared no account');
    const hex = `0x${Array.from(new TextEncoder().encode(c.statement), (b) => b.toString(16).padStart(2, '0')).join('')}`;
    const signature = (await wallet.request({ method: 'personal_sign', params: [hex, address] })) as string;
    return { kind: 'wallet', address, signature };
  }
  throw new Error(`a ${c.kind ?? 'unknown'} root cannot sign from the console`);
}
