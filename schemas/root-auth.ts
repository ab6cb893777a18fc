/**
 * Root-anchored actions (docs/chain.md "The root's authority"): a challenge for one action on one
 * subject, the proofs that answer it, and the session revoke and rotate bodies that carry them.
 */
import { Type, type Static } from 'typebox';
import { Address } from './chain-config.js';
import { IdToken } from './text.js';

import { ROOT_ACTIONS } from './root-actions.js';
export { ROOT_ACTIONS, type RootAction } from './root-actions.js';

/** Who authorized a root-anchored action, as recorded and answered. */
export type AuthorizedBy = 'root:passkey' | 'root:wallet' | 'root:multisig-passkey' | 'approver' | 'unauthenticated' | 'containment';

const Decimal = Type.String({ pattern: '^(0|[1-9][0-9]{0,77})$', description: 'a non-negative integer as a decimal string' });
const PositiveId = Type.String({ pattern: '^[1-9][0-9]{0,30}$', description: 'a positive integer as a decimal string' });

export const ChallengeBody = Type.Object(
  {
    action: Type.Union(ROOT_ACTIONS.map((a) => Type.Literal(a))),
    /** The intent id for `intent:*`, the session id for `session:*`. */
    subject: PositiveId,
    /** `intent:*`: the asset router the intent is on; default the primary. */
    asset: Type.Optional(IdToken({ maxLength: 32 })),
  },
  { additionalProperties: false, $id: 'RootChallengeBody' },
);
export type ChallengeBody = Static<typeof ChallengeBody>;

export const ChallengeReply = Type.Object(
  {
    /** False: no proof is asked for (no root configured, or the intent waits on a manager seat). */
    required: Type.Boolean(),
    action: Type.String(),
    subject: Type.String(),
    asset: Type.Optional(Type.String()),
    /** The seat an intent waits on (read off the chain). */
    awaitingApprover: Type.Optional(Address),
    kind: Type.Optional(Type.String()),
    /** 32 random bytes (a multisig root's intent: the multisig transaction's hash), base64url: single use, bound to this action on this subject. */
    challenge: Type.Optional(Type.String()),
    expiresAt: Type.Optional(Type.String()),
    /** `wallet`: the exact text to sign with personal_sign (EIP-191). */
    statement: Type.Optional(Type.String()),
    /** `passkey`: what a WebAuthn get() call needs besides the challenge. */
    rpId: Type.Optional(Type.String()),
    credentialId: Type.Optional(Type.String()),
    /** `multisig-passkey`: the assertion must carry user verification. */
    userVerification: Type.Optional(Type.Literal('required')),
    /** `multisig-passkey`, an intent: the multisig transaction's hash (the challenge, as hex) and the nonce it is at. */
    safeTxHash: Type.Optional(Type.String()),
    multisigNonce: Type.Optional(Type.String()),
  },
  { $id: 'RootChallenge' },
);
export type ChallengeReply = Static<typeof ChallengeReply>;

const B64Url = Type.String({ pattern: '^[A-Za-z0-9_-]+={0,2}$', maxLength: 8192 });
export const PasskeyProof = Type.Object(
  {
    kind: Type.Literal('passkey'),
    credentialId: B64Url,
    authenticatorData: B64Url,
    clientDataJSON: B64Url,
    /** DER-encoded ECDSA P-256, as a WebAuthn assertion carries it. */
    signature: B64Url,
    userHandle: Type.Optional(B64Url),
  },
  { additionalProperties: false },
);
export type PasskeyProof = Static<typeof PasskeyProof>;

export const WalletProof = Type.Object(
  {
    kind: Type.Literal('wallet'),
    address: Address,
    /** personal_sign of the challenge's statement, 65 bytes hex. */
    signature: Type.String({ pattern: '^0x[0-9a-fA-F]{130}$' }),
  },
  { additionalProperties: false },
);
export type WalletProof = Static<typeof WalletProof>;

/** Accepted as any object on the wire and checked after the challenge is consumed, so a malformed
 * proof burns its challenge like any other failed attempt. */
export const RootProofField = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      "`{kind: 'passkey', credentialId, authenticatorData, clientDataJSON, signature}` or `{kind: 'wallet', address, signature}`",
  },
);

export const ChallengeField = Type.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[A-Za-z0-9_-]+$',
  description: 'the challenge from POST /root-auth/challenge (base64url)',
});

export const RevokeSessionBody = Type.Object(
  {
    sessionId: PositiveId,
    challenge: Type.Optional(ChallengeField),
    rootProof: Type.Optional(RootProofField),
    /** Automated narrowing: no proof, audited `authorizedBy: containment`. */
    containment: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, $id: 'RevokeSessionBody' },
);
export type RevokeSessionBody = Static<typeof RevokeSessionBody>;

export const RevokeSessionReply = Type.Object(
  {
    sessionId: Type.String(),
    agent: Address,
    key: Address,
    authorizedBy: Type.String(),
    txHash: Type.String(),
  },
  { $id: 'RevokeSessionReply' },
);
export type RevokeSessionReply = Static<typeof RevokeSessionReply>;

const Scope = Type.Union([Type.Literal('propose:intent'), Type.Literal('spend:whitelist')]);
const Window = Type.Object(
  { start: Type.Integer({ minimum: 0, maximum: 86399 }), end: Type.Integer({ minimum: 1, maximum: 86400 }) },
  { additionalProperties: false, description: 'UTC seconds of the day, [start, end)' },
);
const RateLimit = Type.Object(
  { maxActions: Type.Integer({ minimum: 1, maximum: 4294967295 }), windowSeconds: Type.Integer({ minimum: 1, maximum: 4294967295 }) },
  { additionalProperties: false },
);

/** Each bound left out keeps the retired key's; one given must be equal or narrower. */
export const RotateSessionBody = Type.Object(
  {
    sessionId: PositiveId,
    challenge: Type.Optional(ChallengeField),
    rootProof: Type.Optional(RootProofField),
    /** Refused: a containment revoke is not a rotation. */
    containment: Type.Optional(Type.Boolean()),
    maxValue: Type.Optional(Decimal),
    scopes: Type.Optional(Type.Array(Scope, { minItems: 1, maxItems: 2, uniqueItems: true })),
    targets: Type.Optional(Type.Array(Address, { minItems: 1, maxItems: 16 })),
    /** ISO time; at most the retired key's expiry. */
    expiresAt: Type.Optional(Type.String({ format: 'date-time' })),
    window: Type.Optional(Window),
    rateLimit: Type.Optional(RateLimit),
  },
  { additionalProperties: false, $id: 'RotateSessionBody' },
);
export type RotateSessionBody = Static<typeof RotateSessionBody>;

export const SessionBoundsView = Type.Object({
  maxValue: Decimal,
  scopes: Type.Array(Scope),
  targets: Type.Array(Address),
  expiresAt: Type.String(),
  window: Type.Optional(Type.Object({ start: Type.Integer(), end: Type.Integer() })),
  rateLimit: Type.Optional(Type.Object({ maxActions: Type.Integer(), windowSeconds: Type.Integer() })),
});

export const RotateSessionReply = Type.Object(
  {
    retired: Type.String(),
    sessionId: Type.String(),
    agent: Address,
    /** The new key's address; its private half stays in svc. */
    key: Address,
    bounds: SessionBoundsView,
    authorizedBy: Type.String(),
    revokeTx: Type.String(),
    issueTx: Type.String(),
  },
  { $id: 'RotateSessionReply' },
);
export type RotateSessionReply = Static<typeof RotateSessionReply>;
