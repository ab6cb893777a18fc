/**
 * Who sees and steers a run, and as whom a run starts. A run executes as its principal: the
 * caller's own seat, or a seat the operator names with `as`. Only that principal or the
 * operator reads it, pauses, resumes or cancels it; anyone else is told it does not exist.
 */
import { AppError } from '../schemas/errors.js';
import { isOperator, type Caller } from './caller.js';

/** The principal a caller's run starts as, and whether it runs with the operator's sight. */
export function startAs(caller: Pick<Caller, 'kind' | 'seat'>, as: string | undefined): { principal: string; operator: boolean } {
  if (as !== undefined && !isOperator(caller))
    throw new AppError('invalid_request', { message: '`as` is only honoured for the operator; a seat always runs as itself' });
  return { principal: as ?? caller.seat, operator: isOperator(caller) && as === undefined };
}

/** The principal whose runs a caller may list or read; undefined for every run. */
export function runsVisibleTo(caller: Pick<Caller, 'kind' | 'seat'>): string | undefined {
  return isOperator(caller) ? undefined : caller.seat;
}

/** Throws `record_not_found`, as a read does, unless the caller may steer the run of `principal` (undefined: no such run). */
export function requireSteer(caller: Pick<Caller, 'kind' | 'seat'>, runId: string, principal: string | undefined): void {
  if (principal !== undefined && (isOperator(caller) || principal === caller.seat)) return;
  throw new AppError('record_not_found', { message: `no run ${runId}` });
}
