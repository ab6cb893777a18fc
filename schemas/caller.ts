/**
 * Who is calling, in the one encoding every bus command that acts for someone carries as its
 * `caller`: the gateway resolves it from the bearer token (identity/authenticate.ts) and sends it
 * whole, so an actor judges what the caller may see or change from the same fields the gateway saw.
 */
import { Type, type Static } from 'typebox';

export const Caller = Type.Object(
  {
    /** `operator` for SVC_ORCH_TOKEN (or an open API); `seat` for an SVC_IDENTITIES token. */
    kind: Type.Union([Type.Literal('operator'), Type.Literal('seat')]),
    /** The seat id the caller acts as (`operator` for the operator). */
    seat: Type.String(),
    /** Whether the caller is a person or an agent; set from the token, never taken from a request body. */
    authorKind: Type.Union([Type.Literal('human'), Type.Literal('agent')]),
    /** Workspace scope; absent is the operator's own scope. */
    workspace: Type.Optional(Type.String()),
  },
  { description: 'who asked: the caller the gateway authenticated' },
);
export type Caller = Readonly<Static<typeof Caller>>;

export const OPERATOR: Caller = Object.freeze({ kind: 'operator', seat: 'operator', authorKind: 'human', workspace: undefined });

/** `GET /whoami`: the caller the token names, and whether the API asks for a token at all. */
export const WhoAmI = Type.Object(
  {
    kind: Type.Union([Type.Literal('operator'), Type.Literal('seat')]),
    seat: Type.String(),
    authorKind: Type.Union([Type.Literal('human'), Type.Literal('agent')]),
    workspace: Type.Optional(Type.String()),
    /** False on an open API (no SVC_ORCH_TOKEN): every local caller is the operator. */
    authRequired: Type.Boolean(),
  },
  { $id: 'WhoAmI' },
);
export type WhoAmI = Static<typeof WhoAmI>;
