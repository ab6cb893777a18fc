import { Type, type Static } from 'typebox';

/**
 * Extra bearer tokens beyond the operator's. Each names who is calling: a seat (a person or an
 * agent) and, optionally, the workspace scope it acts in. Scopes come only from these tokens,
 * never from a field a caller sets.
 */
export const IdentityConfig = Type.Object({
  token: Type.String({ minLength: 16 }),
  seat: Type.String({ minLength: 1, pattern: '^[^\\s]+$' }),
  kind: Type.Union([Type.Literal('human'), Type.Literal('agent')]),
  /** Owner scope for runtime-attached MCP servers and sealed secrets; omitted means none. */
  workspace: Type.Optional(Type.String({ minLength: 1, pattern: '^[a-z0-9][a-z0-9_-]*$' })),
}, { additionalProperties: false });
export type IdentityConfig = Static<typeof IdentityConfig>;

export const IdentitiesConfig = Type.Array(IdentityConfig);

/** Who is calling, as the gateway authenticated it. */
export interface Caller {
  /** `operator` for SVC_ORCH_TOKEN (or an open API); `seat` for an SVC_IDENTITIES token. */
  readonly kind: 'operator' | 'seat';
  /** The seat id the caller acts as (`operator` for the operator). */
  readonly seat: string;
  /** Whether the caller is a person or an agent; set here, never taken from a request body. */
  readonly authorKind: 'human' | 'agent';
  /** Workspace scope; undefined is the operator's own scope. */
  readonly workspace: string | undefined;
}

export const OPERATOR: Caller = Object.freeze({ kind: 'operator', seat: 'operator', authorKind: 'human', workspace: undefined });

/** True for SVC_ORCH_TOKEN (or an open API): the caller every scope and ownership check lets through. */
export const isOperator = (caller: Caller): boolean => caller.kind === 'operator';
