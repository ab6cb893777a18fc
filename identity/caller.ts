/**
 * Who is calling: the one caller type of the gateway, the bus commands and the actors. The
 * gateway resolves it from the bearer token (identity/authenticate.ts); a command that carries
 * only a seat and an operator flag is read back into one with `commandCaller`. The type is read
 * from its schema, which the verbs that carry a caller declare as their `caller` (schemas/commands).
 */
import { Caller } from '../schemas/identity.js';
import { AppError } from '../schemas/errors.js';

export { Caller };

export const OPERATOR: Caller = Object.freeze({ kind: 'operator', seat: 'operator', authorKind: 'human', workspace: undefined });

/** True for SVC_ORCH_TOKEN (or an open API): the caller every scope and ownership check lets through. */
export const isOperator = (caller: Pick<Caller, 'kind'>): boolean => caller.kind === 'operator';

/** 403 `operator_only` unless the caller (absent: an open API's operator) is the operator; `what` ends "only the operator …". */
export function requireOperator(caller: Pick<Caller, 'kind'> | undefined, what: string): void {
  if (!isOperator(caller ?? OPERATOR)) throw new AppError('operator_only', { message: `only the operator ${what}` });
}

/** The part of a caller a bus command carries as `{seat, operator}`; every seeing or steering rule reads only this. */
export function commandCaller(seat: string, operator: boolean | undefined): Pick<Caller, 'kind' | 'seat'> {
  return { kind: operator === true ? 'operator' : 'seat', seat };
}
