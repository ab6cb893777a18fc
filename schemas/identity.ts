import { Type, type Static } from 'typebox';

/**
 * Extra bearer tokens beyond the operator's. Each names who is calling: a seat (a person or an
 * agent) and, optionally, the workspace scope it acts in. Scopes come only from these tokens,
 * never from a field a caller sets.
 */
export const IdentityConfig = Type.Object(
  {
    token: Type.String({ minLength: 16 }),
    seat: Type.String({ minLength: 1, pattern: '^[^\\s]+$' }),
    kind: Type.Union([Type.Literal('human'), Type.Literal('agent')]),
    /** Owner scope for runtime-attached MCP servers and sealed secrets; omitted means none. */
    workspace: Type.Optional(Type.String({ minLength: 1, pattern: '^[a-z0-9][a-z0-9_-]*$' })),
  },
  { additionalProperties: false },
);
export type IdentityConfig = Static<typeof IdentityConfig>;

export const IdentitiesConfig = Type.Array(IdentityConfig);
