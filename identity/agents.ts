/** Who may pause an agent (the operator, or the seat itself) and lift the pause (the operator only). */
import { AppError } from '../schemas/errors.js';
import { isOperator, type Caller } from './caller.js';

export function requirePauseAgent(caller: Pick<Caller, 'kind' | 'seat'>, agent: string): void {
  if (!isOperator(caller) && caller.seat !== agent)
    throw new AppError('flow_forbidden', { message: `only the operator or ${agent} itself may pause ${agent}` });
}

/** A pause is a brake: the paused seat does not get to lift it itself. */
export function requireUnpauseAgent(caller: Pick<Caller, 'kind' | 'seat'>): void {
  if (!isOperator(caller)) throw new AppError('flow_forbidden', { message: 'only the operator may lift an agent pause' });
}
