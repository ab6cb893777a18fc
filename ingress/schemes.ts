/**
 * The shared-secret signature schemes (docs/triggers.md), as pure functions the hooks
 * route calls in the gateway process: verification needs the raw body and the secret, and a
 * round trip to a worker would put up to 1 MiB of body on the bus before it is even known to be
 * authentic. Every comparison is constant-time over fixed-length digests. The signers live here
 * too, so the CLI's `curl` and the tests sign exactly what the verifier checks.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { AppError } from '../schemas/errors.js';

export type Headers = Record<string, string | string[] | undefined>;

const SIG = /^sha256=([0-9a-fA-F]{64})$/;
/** Gitea and Forgejo send the digest bare, without GitHub's `sha256=`. */
const BARE_SIG = /^([0-9a-fA-F]{64})$/;

/**
 * The `codehost` header names, the neutral one first, then each provider's own, so a hook set up
 * on GitHub, Gitea or Forgejo needs no header rewriting. When several are sent (Gitea sends its own
 * and GitHub's), the first in this order is read.
 */
export const CODEHOST_HEADERS = {
  event: ['x-codehost-event', 'x-github-event', 'x-gitea-event', 'x-forgejo-event'],
  delivery: ['x-codehost-delivery', 'x-github-delivery', 'x-gitea-delivery', 'x-forgejo-delivery'],
} as const;

/** One header value (the first when a header repeats). */
export function header(headers: Headers, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function hmacHex(secret: string, ...parts: (string | Buffer)[]): string {
  const h = createHmac('sha256', secret);
  for (const p of parts) h.update(p);
  return h.digest('hex');
}

/** `X-Svc-Signature` for a body sent at `unixSeconds`. */
export function signSvc(secret: string, unixSeconds: number, raw: string | Buffer): string {
  return `sha256=${hmacHex(secret, `${unixSeconds}.`, raw)}`;
}

/** `X-Hub-Signature-256` for a body. */
export function signCodehost(secret: string, raw: string | Buffer): string {
  return `sha256=${hmacHex(secret, raw)}`;
}

/** The first of `names` the delivery carries (non-empty). */
export function firstHeader(headers: Headers, names: readonly string[]): string | undefined {
  for (const name of names) {
    const v = header(headers, name)?.trim();
    if (v) return v;
  }
  return undefined;
}

function parseSignature(value: string | undefined, format = SIG): Buffer {
  if (value === undefined || value === '') throw new AppError('webhook_signature_missing');
  const m = format.exec(value.trim());
  if (!m) throw new AppError('webhook_signature_malformed');
  return Buffer.from(m[1]!, 'hex');
}

function sameDigest(expectedHex: string, given: Buffer): boolean {
  const expected = Buffer.from(expectedHex, 'hex');
  return given.length === expected.length && timingSafeEqual(expected, given);
}

/**
 * `svc`: HMAC-SHA256(secret, `<ts>.<raw body>`) in `X-Svc-Signature`, `<ts>` in
 * `X-Svc-Timestamp`. The signature is checked before the clock, so only an authentic delivery
 * learns that it is stale.
 */
export function verifySvc(secret: string, headers: Headers, raw: Buffer, nowMs: number, toleranceSec: number): void {
  const given = parseSignature(header(headers, 'x-svc-signature'));
  const ts = header(headers, 'x-svc-timestamp');
  if (ts === undefined || !/^[0-9]{1,12}$/.test(ts.trim()))
    throw new AppError('webhook_signature_malformed', { message: 'X-Svc-Timestamp must carry the signed unix seconds' });
  if (!sameDigest(hmacHex(secret, `${ts.trim()}.`, raw), given)) throw new AppError('webhook_signature_invalid');
  if (Math.abs(nowMs / 1000 - Number(ts)) > toleranceSec) throw new AppError('webhook_timestamp_stale');
}

/** `codehost`: HMAC-SHA256(secret, raw body) in `X-Hub-Signature-256` (`sha256=<hex>`), or bare hex
 * in `X-Gitea-Signature` / `X-Forgejo-Signature`; no timestamp (replay protection rests on the
 * delivery key). The GitHub form is read first, as Gitea sends both. */
export function verifyCodehost(secret: string, headers: Headers, raw: Buffer): void {
  const hub = header(headers, 'x-hub-signature-256');
  const given =
    hub !== undefined && hub !== ''
      ? parseSignature(hub)
      : parseSignature(header(headers, 'x-gitea-signature') || header(headers, 'x-forgejo-signature'), BARE_SIG);
  if (!sameDigest(hmacHex(secret, raw), given)) throw new AppError('webhook_signature_invalid');
}
