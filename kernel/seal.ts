/**
 * The sealing envelope for values at rest (MCP credentials, session keys): AES-256-GCM under
 * SVC_SESSION_KEY with a fresh 12-byte IV and an associated-data label, so a sealed value moved
 * to another row (another scope or ref) no longer opens. Envelope: `v1.<base64url(iv|tag|ct)>`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

const VERSION = 'v1.';

export function seal(key: Buffer, plaintext: string, label: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(label, 'utf8'));
  const ct = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return VERSION + Buffer.concat([iv, cipher.getAuthTag(), ct]).toString('base64url');
}

/** The plaintext, or undefined when the envelope is malformed, the key differs or the label does not match. */
export function unseal(key: Buffer, sealed: string, label: string): string | undefined {
  if (!sealed.startsWith(VERSION)) return undefined;
  const raw = Buffer.from(sealed.slice(VERSION.length), 'base64url');
  if (raw.length < 28) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAAD(Buffer.from(label, 'utf8'));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
