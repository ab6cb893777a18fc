/**
 * `POST /boot`: provisions a session key for a worker.
 * Scopes are SessionRegistry's bits by the names the API uses; values are base units as decimal
 * strings. The answer names the key by its address only: the private half never leaves svc.
 */
import { Type, type Static } from 'typebox';
import { Address } from './chain-config.js';

const Decimal = Type.String({ pattern: '^(0|[1-9][0-9]{0,77})$', description: 'a non-negative integer as a decimal string' });

export const SESSION_SCOPES = ['propose:intent', 'spend:whitelist'] as const;
export type SessionScope = (typeof SESSION_SCOPES)[number];
const Scope = Type.Union([Type.Literal('propose:intent'), Type.Literal('spend:whitelist')]);

export const BootBody = Type.Object(
  {
    agent: Address,
    /** Default both. */
    scopes: Type.Optional(Type.Array(Scope, { minItems: 1, maxItems: 2, uniqueItems: true })),
    /** Default the agent's ceiling; above it is refused. */
    maxValue: Type.Optional(Decimal),
    /** Pinned targets; default none (any). */
    targets: Type.Optional(Type.Array(Address, { maxItems: 5 })),
  },
  { additionalProperties: false, $id: 'BootBody' },
);
export type BootBody = Static<typeof BootBody>;

export const BootReply = Type.Object(
  {
    sessionId: Decimal,
    agent: Address,
    /** The key's address. */
    key: Address,
    expiresAt: Type.String(),
    scopes: Type.Array(Scope),
    maxValue: Decimal,
    targets: Type.Array(Address),
    /** A live key under the same bounds was handed out again instead of a new one. */
    reused: Type.Boolean(),
  },
  { $id: 'BootReply' },
);
export type BootReply = Static<typeof BootReply>;

/** `POST /tick`: one tick of the agent loop. `value` overrides every worker's standing spend for this tick. */
export const TickBody = Type.Object(
  {
    /** Base units; default one whole token of the primary asset. */
    value: Type.Optional(Decimal),
  },
  { additionalProperties: false, $id: 'TickBody' },
);
export type TickBody = Static<typeof TickBody>;

const Verdict = Type.Union([Type.Literal('ALLOW'), Type.Literal('ESCALATE'), Type.Literal('DENY')]);

export const TickReply = Type.Object(
  {
    /** Names this tick; its proposals are recorded under it, so a redelivered tick pays nothing twice. */
    tickId: Type.String(),
    asset: Type.String(),
    value: Decimal,
    /** One per worker that proposed, in org order. */
    proposals: Type.Array(
      Type.Object({
        agent: Address,
        sessionId: Decimal,
        target: Address,
        value: Decimal,
        verdict: Verdict,
        summary: Type.String(),
        txHash: Type.Optional(Type.String()),
        intentId: Type.Optional(Decimal),
        approver: Type.Optional(Address),
        /** Why a DENY sent nothing (`policy_deny`, `SessionValueExceeded`). */
        reason: Type.Optional(Type.String()),
      }),
    ),
    /** Active workers that proposed nothing, and why. */
    skipped: Type.Array(
      Type.Object({
        agent: Address,
        reason: Type.Union([Type.Literal('no_session'), Type.Literal('paused'), Type.Literal('no_target')]),
      }),
    ),
    /** Workers whose proposal failed (a revert other than a policy refusal); the others still proposed. */
    failed: Type.Array(Type.Object({ agent: Address, error: Type.String(), message: Type.String() })),
  },
  { $id: 'TickReply' },
);
export type TickReply = Static<typeof TickReply>;
