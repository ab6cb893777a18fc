/**
 * The inference budgets' writes, on the ops actor (a worker, where model calls are settled too):
 * set, reset and remove, each audited (InferenceBudgetChanged). Only the operator changes a
 * budget: a seat that could raise its own limit would not be bounded by it.
 */
import { AppError } from '../../schemas/errors.js';
import type { Caller } from '../../schemas/caller.js';
import type { BudgetRemoved, BudgetView, BudgetPut } from '../../schemas/budgets.js';
import { requireOperator } from '../../identity/caller.js';
import type { Audit } from '../../runtime/audit.js';
import type { Store } from '../../store/types.js';
import { inferenceBudgetsOf } from '../../store/inference-budgets.js';
import { budgetView } from '../../queries/budgets.js';
import { UNPRICED_CALL_FLOOR_MICRO_DOLLARS } from '../../model/budget-guard.js';

export interface BudgetDeps {
  readonly store: Store;
  readonly audit: Audit;
  readonly now: () => number;
}

export async function setBudget(deps: BudgetDeps, p: { caller: Caller; crew: string } & BudgetPut, traceId: string): Promise<BudgetView> {
  requireOperator(p.caller, 'sets inference budgets');
  const row = await inferenceBudgetsOf(deps.store).put(
    p.crew,
    { limitMicroDollars: p.limitMicroDollars, enforcement: p.enforcement },
    p.caller.seat,
    new Date(deps.now()),
    UNPRICED_CALL_FLOOR_MICRO_DOLLARS,
  );
  await deps.audit.record(
    'InferenceBudgetChanged',
    { crew: p.crew, change: 'set', by: p.caller.seat, limitMicroDollars: p.limitMicroDollars, enforcement: p.enforcement },
    traceId,
  );
  return budgetView(row, deps.store.engine);
}

export async function resetBudget(deps: BudgetDeps, p: { caller: Caller; crew: string }, traceId: string): Promise<BudgetView> {
  requireOperator(p.caller, 'resets inference budgets');
  const row = await inferenceBudgetsOf(deps.store).reset(p.crew, p.caller.seat, new Date(deps.now()));
  if (!row) throw new AppError('record_not_found', { message: `no inference budget for ${p.crew}` });
  await deps.audit.record('InferenceBudgetChanged', { crew: p.crew, change: 'reset', by: p.caller.seat }, traceId);
  return budgetView(row, deps.store.engine);
}

export async function removeBudget(deps: BudgetDeps, p: { caller: Caller; crew: string }, traceId: string): Promise<BudgetRemoved> {
  requireOperator(p.caller, 'removes inference budgets');
  const removed = await inferenceBudgetsOf(deps.store).remove(p.crew);
  if (removed) await deps.audit.record('InferenceBudgetChanged', { crew: p.crew, change: 'removed', by: p.caller.seat }, traceId);
  return { crew: p.crew, removed };
}
