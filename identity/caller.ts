/**
 * Who is calling: the one caller type of the gateway, the bus commands and the actors. The
 * gateway resolves it from the bearer token (identity/authenticate.ts) and every command that acts
 * for someone carries it whole as its `caller` (its schema is schemas/caller.ts). A run's principal,
 * which is a seat and not a caller, is read into one with `commandCaller`.
 */
import { Caller, OPERATOR } from '../schemas/caller.js';
import { AppError } from '../schemas/errors.js';

export { Caller, OPERATOR };

/** True for SVC_ORCH_TOKEN (or an open API): the caller every scope and ownership check lets through. */
export const isOperator = (caller: Pick<Caller, 'kind'>): boolean => caller.kind === 'operator';

/** 403 `operator_only` unless the caller (absent: an open API's operator) is the operator; `what` ends "only the operator …". */
export function requireOperator(caller: Pick<Caller, 'kind'> | undefined, what: string): void {
  if (!isOperator(caller ?? OPERATOR)) throw new AppError('operator_only', { message: `only the operator ${what}` });
}

/** A seat (a run's principal) as the part of a caller every seeing or steering rule reads. */
export function commandCaller(seat: string, operator: boolean | undefined): Pick<Caller, 'kind' | 'seat'> {
  return { kind: operator === true ? 'operator' : 'seat', seat };
}
