/**
 * Who is calling: the one caller type of the gateway, the bus commands and the actors. The
 * gateway resolves it from the bearer token (identity/authenticate.ts); a command that carries
 * only a seat and an operator flag is read back into one with `commandCaller`.
 */

export interface Caller {
  /** `operator` for SVC_ORCH_TOKEN (or an open API); `seat` for an SVC_IDENTITIES token. */
  readonly kind: 'operator' | 'seat';
  /** The seat id the caller acts as (`operator` for the operator). */
  readonly seat: string;
  /** Whether the caller is a person or an agent; set from the token, never taken from a request body. */
  readonly authorKind: 'human' | 'agent';
  /** Workspace scope; undefined is the operator's own scope. */
  readonly workspace: string | undefined;
}

export const OPERATOR: Caller = Object.freeze({ kind: 'operator', seat: 'operator', authorKind: 'human', workspace: undefined });

/** True for SVC_ORCH_TOKEN (or an open API): the caller every scope and ownership check lets through. */
export const isOperator = (caller: Pick<Caller, 'kind'>): boolean => caller.kind === 'operator';

/** The part of a caller a bus command carries as `{seat, operator}`; every seeing or steering rule reads only this. */
export function commandCaller(seat: string, operator: boolean | undefined): Pick<Caller, 'kind' | 'seat'> {
  return { kind: operator === true ? 'operator' : 'seat', seat };
}
