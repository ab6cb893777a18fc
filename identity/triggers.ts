/** Who owns a webhook trigger: the operator sees and names every principal; a seat only its own. */
import { AppError } from '../schemas/errors.js';
import { isOperator, type Caller } from './caller.js';

/** A seat may mint only triggers that run as itself. */
export function requireMintAs(caller: Pick<Caller, 'kind' | 'seat'>, principal: string): void {
  if (!isOperator(caller) && principal !== caller.seat)
    throw new AppError('invalid_request', { message: 'a seat may only mint triggers that run as itself' });
}

export function ownsTrigger(caller: Pick<Caller, 'kind' | 'seat'>, principal: string): boolean {
  return isOperator(caller) || principal === caller.seat;
}

/** The principal whose triggers (and their deliveries) a caller may list; undefined for all. */
export function triggersVisibleTo(caller: Pick<Caller, 'kind' | 'seat'>): string | undefined {
  return isOperator(caller) ? undefined : caller.seat;
}
