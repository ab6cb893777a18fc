/**
 * The `pubsub` scheme: an OIDC token from the provider in `Authorization: Bearer`, verified with
 * jose against the provider's key set (SVC_PUBSUB_JWKS_URL), fetched once and cached per process
 * (jose's remote set: refetched only when a token names a kid it does not hold, at most every 30 s,
 * and after 10 minutes). The trigger binds audience and service-account email. A key set that
 * cannot be fetched is the provider's trouble, not the producer's: 503 so it retries.
 */
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';
import { AppError } from '../schemas/errors.js';
import type { PubsubConfig, TriggerSettings } from '../schemas/triggers.js';
import { header, type Headers } from './schemes.js';

export interface PubsubVerifier {
  verify(headers: Headers, binding: PubsubConfig): Promise<JWTPayload>;
}

const GOOGLE_ISSUER = 'https://accounts.google.com';
const sets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** jose's remote-set timing; tests shorten it to walk through cache expiry. */
export interface KeySetTiming {
  readonly cooldownMs?: number;
  readonly cacheMaxAgeMs?: number;
}

/** One cached key set per URL (and timing) for the life of the process, shared by every route instance. */
export function pubsubVerifier(
  settings: Pick<TriggerSettings, 'pubsubJwksUrl' | 'pubsubIssuer'>,
  timing: KeySetTiming = {},
): PubsubVerifier {
  const url = settings.pubsubJwksUrl;
  const cacheKey = `${url} ${timing.cooldownMs ?? ''} ${timing.cacheMaxAgeMs ?? ''}`;
  let jwks = sets.get(cacheKey);
  if (!jwks) {
    jwks = createRemoteJWKSet(new URL(url), {
      timeoutDuration: 3_000,
      ...(timing.cooldownMs === undefined ? {} : { cooldownDuration: timing.cooldownMs }),
      ...(timing.cacheMaxAgeMs === undefined ? {} : { cacheMaxAge: timing.cacheMaxAgeMs }),
    });
    sets.set(cacheKey, jwks);
  }
  const keys = jwks;
  // Google's own tokens carry either spelling of its issuer; a configured issuer is taken as is.
  const issuers = settings.pubsubIssuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [settings.pubsubIssuer];
  return {
    async verify(headers, binding) {
      const auth = header(headers, 'authorization');
      if (auth === undefined || auth === '') throw new AppError('webhook_signature_missing');
      const m = /^Bearer\s+([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)$/.exec(auth.trim());
      if (!m) throw new AppError('webhook_signature_malformed');
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(m[1]!, keys, { issuer: issuers, audience: binding.audience, algorithms: ['RS256', 'ES256'] }));
      } catch (err) {
        throw classify(err);
      }
      const email = payload.email;
      if (typeof email !== 'string' || email !== binding.serviceAccountEmail || payload.email_verified === false)
        throw new AppError('webhook_token_email_invalid');
      return payload;
    },
  };
}

function classify(err: unknown): AppError {
  if (err instanceof errors.JWTClaimValidationFailed && err.claim === 'aud') return new AppError('webhook_token_audience_invalid');
  if (
    err instanceof errors.JWKSNoMatchingKey ||
    err instanceof errors.JWKSMultipleMatchingKeys ||
    err instanceof errors.JWSSignatureVerificationFailed ||
    err instanceof errors.JWTExpired ||
    err instanceof errors.JWTClaimValidationFailed ||
    err instanceof errors.JWSInvalid ||
    err instanceof errors.JWTInvalid ||
    err instanceof errors.JOSEAlgNotAllowed ||
    err instanceof errors.JOSENotSupported
  ) {
    return new AppError('webhook_token_invalid');
  }
  // Network failures, timeouts, a non-200 or a malformed key set: the set is unreachable.
  return new AppError('webhook_jwks_unavailable');
}
