/**
 * `POST /intents/resolve` (docs/chain.md "Resolving escalated intents").
 * `challenge` and `rootProof` answer a root challenge (schemas/root-auth.ts) when the intent waits at
 * root depth and SVC_ROOT_AUTH is set.
 */
import { Type, type Static } from 'typebox';
import { Address } from './chain-config.js';
import { IdToken } from './text.js';
import { ChallengeField, RootProofField } from './root-auth.js';

export const ResolveIntentBody = Type.Object(
  {
    intentId: Type.String({ pattern: '^[1-9][0-9]{0,30}$', description: 'the intent id on the asset router, a decimal string' }),
    approved: Type.Boolean(),
    asset: Type.Optional(IdToken({ maxLength: 32 })),
    challenge: Type.Optional(ChallengeField),
    rootProof: Type.Optional(RootProofField),
  },
  { additionalProperties: false },
);
export type ResolveIntentBody = Static<typeof ResolveIntentBody>;

export const IntentResolution = Type.Object(
  {
    asset: Type.String(),
    intentId: Type.String(),
    /** What the chain decided: false for a rejection and for a DENY at the approver's stack. */
    approved: Type.Boolean(),
    outcome: Type.Union([Type.Literal('settled'), Type.Literal('climbed'), Type.Literal('rejected'), Type.Literal('denied')]),
    /** The seat that signed, read off the chain. */
    approver: Address,
    /** `root:passkey`/`root:wallet`: a root proof verified; `approver`: a manager seat's held key; `unauthenticated`: root depth with no root configured. */
    authorizedBy: Type.Union([
      Type.Literal('root:passkey'),
      Type.Literal('root:wallet'),
      Type.Literal('root:multisig-passkey'),
      Type.Literal('approver'),
      Type.Literal('unauthenticated'),
    ]),
    awaitingApprover: Type.Optional(Address),
    reason: Type.Optional(Type.Literal('policy_deny')),
    txHash: Type.String(),
  },
  { $id: 'IntentResolution' },
);
export type IntentResolution = Static<typeof IntentResolution>;

/** 409 `multisig_exec_unsigned`: no relayer may spend on this chain, so the signed multisig transaction comes back to send. */
export const MultisigExecUnsignedBody = Type.Object(
  {
    error: Type.String(),
    message: Type.String(),
    safeTxHash: Type.Optional(Type.String()),
    transaction: Type.Optional(
      Type.Object({ to: Address, data: Type.String(), value: Type.String(), chainId: Type.Integer() }, { additionalProperties: false }),
    ),
  },
  { $id: 'MultisigExecUnsigned', additionalProperties: false },
);

export const ConfirmIntentBody = Type.Object(
  {
    intentId: Type.String({ pattern: '^[1-9][0-9]{0,30}$', description: 'the intent id on the asset router, a decimal string' }),
    approved: Type.Boolean(),
    txHash: Type.String({ pattern: '^0x[0-9a-fA-F]{64}$', description: 'the hash of the multisig transaction that resolved it' }),
    asset: Type.Optional(IdToken({ maxLength: 32 })),
  },
  { additionalProperties: false, $id: 'ConfirmIntentBody' },
);
export type ConfirmIntentBody = Static<typeof ConfirmIntentBody>;

/** `confirmed: true` carries the recorded resolution; `false` says why nothing was recorded. */
export const IntentConfirmation = Type.Object(
  {
    confirmed: Type.Boolean(),
    asset: Type.String(),
    intentId: Type.String(),
    /** The router still waits on this seat: nothing landed yet, nothing was written. */
    awaitingApprover: Type.Optional(Address),
    reason: Type.Optional(Type.String()),
    approved: Type.Optional(Type.Boolean()),
    outcome: Type.Optional(Type.Union([Type.Literal('settled'), Type.Literal('rejected'), Type.Literal('denied')])),
    approver: Type.Optional(Address),
    authorizedBy: Type.Optional(Type.Literal('root:multisig-passkey')),
    txHash: Type.Optional(Type.String()),
  },
  { $id: 'IntentConfirmation' },
);
export type IntentConfirmation = Static<typeof IntentConfirmation>;
