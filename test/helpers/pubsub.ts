/**
 * A pubsub push provider for tests: an RS256 key set served on 127.0.0.1 (counting its fetches),
 * OIDC push tokens signed by jose as the provider would sign them, and the push envelope.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';

export const ISSUER = 'https://issuer.test';
export const AUD = 'https://svc.test/hooks';
export const EMAIL = 'pusher@project.iam.gserviceaccount.com';

export async function keySet(kid = 'k1') {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  let hits = 0;
  const server = http.createServer((_req, res) => {
    hits++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/certs`,
    privateKey,
    hits: () => hits,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export function token(key: CryptoKey, claims: Record<string, unknown> = {}, opts: { kid?: string; exp?: number; iss?: string } = {}) {
  return new SignJWT({ email: EMAIL, email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: opts.kid ?? 'k1' })
    .setIssuer(opts.iss ?? ISSUER)
    .setAudience((claims.aud as string | undefined) ?? AUD)
    .setIssuedAt()
    .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
    .sign(key);
}

export function envelope(data: unknown, messageId: string, attributes?: Record<string, string>): string {
  return JSON.stringify({
    message: { data: Buffer.from(JSON.stringify(data)).toString('base64'), messageId, ...(attributes ? { attributes } : {}) },
    subscription: 'projects/p/subscriptions/s',
  });
}
