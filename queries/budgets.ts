/** The read side of inference budgets: rows as `/budgets/inference*` and `svc budgets show` present them. */
import type { Store } from '../store/types.js';
import { inferenceBudgetsOf, type BudgetRow } from '../store/inference-budgets.js';
import type { BudgetView } from '../schemas/budgets.js';
import { UNPRICED_CALL_FLOOR_MICRO_DOLLARS } from '../model/budget-guard.js';

export function budgetView(row: BudgetRow, engine: Store['engine']): BudgetView {
  return {
    crew: row.crew,
    enforcement: row.enforcement,
    limitMicroDollars: row.limitMicroDollars,
    spentMicroDollars: row.spentMicroDollars,
    heldMicroDollars: row.reservedMicroDollars,
    remainingMicroDollars: Math.max(0, row.limitMicroDollars - row.spentMicroDollars - row.reservedMicroDollars),
    exceeded: row.spentMicroDollars >= row.limitMicroDollars,
    calls: row.calls,
    unpricedCalls: row.unpricedCalls,
    refusedCalls: row.refusedCalls,
    floorMicroDollars: UNPRICED_CALL_FLOOR_MICRO_DOLLARS,
    counters: engine === 'postgres' ? 'postgres' : 'process',
    warnedAt: row.warnedAt ? new Date(row.warnedAt).toISOString() : null,
    resetAt: row.resetAt ? new Date(row.resetAt).toISOString() : null,
    updatedBy: row.updatedBy,
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}

export async function listBudgets(store: Store): Promise<BudgetView[]> {
  return (await inferenceBudgetsOf(store).list()).map((r) => budgetView(r, store.engine));
}

export async function readBudget(store: Store, crew: string): Promise<BudgetView | undefined> {
  const row = await inferenceBudgetsOf(store).get(crew);
  return row ? budgetView(row, store.engine) : undefined;
}
