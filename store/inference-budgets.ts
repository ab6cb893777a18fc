/**
 * Inference budgets and their counters. The database decides every race: a call on a hard budget
 * is admitted only by a conditional UPDATE that adds its estimate to what calls in flight hold
 * while spend plus holdings stay within the limit, so callers on any replica are admitted one
 * statement at a time and never all at once past the limit. Settling swaps the estimate for the
 * real cost in one statement. Same statements on PostgreSQL and the embedded engine (where the
 * counters live as long as the process).
 */
import { raw } from '@mikro-orm/core';
import { InferenceBudget } from './entities/InferenceBudget.js';
import { sqlEm } from './knex.js';
import type { Store } from './types.js';

export type Enforcement = 'soft' | 'hard';

export interface BudgetRow {
  crew: string;
  limitMicroDollars: number;
  enforcement: Enforcement;
  spentMicroDollars: number;
  reservedMicroDollars: number;
  estimateMicroDollars: number;
  calls: number;
  unpricedCalls: number;
  refusedCalls: number;
  warnedAt: Date | null;
  updatedBy: string;
  updatedAt: Date;
  resetAt: Date | null;
}

export interface InferenceBudgetRepository {
  get(crew: string): Promise<BudgetRow | undefined>;
  list(): Promise<BudgetRow[]>;
  /** The budgets among `keys` (a seat and its crews). */
  among(keys: readonly string[]): Promise<BudgetRow[]>;
  /** Sets the limit and enforcement; counters carry over (a new budget starts at zero). */
  put(crew: string, set: { limitMicroDollars: number; enforcement: Enforcement }, by: string, at: Date, floor: number): Promise<BudgetRow>;
  /** Zeroes the settled counters; holdings of calls in flight stay (they settle later). */
  reset(crew: string, by: string, at: Date): Promise<BudgetRow | undefined>;
  remove(crew: string): Promise<boolean>;
  /** Holds `estimate`: on a hard budget only while spend plus holdings plus it stay within the limit. */
  reserve(crew: string, estimate: number, hard: boolean): Promise<boolean>;
  release(crew: string, estimate: number): Promise<void>;
  /** Swaps the held estimate for the real cost and counts the call; the row after. */
  settle(crew: string, estimate: number, cost: number, unpriced: boolean): Promise<BudgetRow | undefined>;
  countRefusal(crew: string): Promise<void>;
  /** True for exactly one caller per crossing of the limit. */
  markWarned(crew: string, at: Date): Promise<boolean>;
}

function toRow(r: InferenceBudget): BudgetRow {
  return {
    crew: r.crew,
    limitMicroDollars: Number(r.limitMicroDollars),
    enforcement: r.enforcement === 'hard' ? 'hard' : 'soft',
    spentMicroDollars: Number(r.spentMicroDollars),
    reservedMicroDollars: Number(r.reservedMicroDollars),
    estimateMicroDollars: Number(r.estimateMicroDollars),
    calls: r.calls,
    unpricedCalls: r.unpricedCalls,
    refusedCalls: r.refusedCalls,
    warnedAt: r.warnedAt ?? null,
    updatedBy: r.updatedBy,
    updatedAt: r.updatedAt,
    resetAt: r.resetAt ?? null,
  };
}

export function inferenceBudgetsOf(store: Store): InferenceBudgetRepository {
  const get = async (crew: string) => {
    const row = await store.em().findOne(InferenceBudget, { crew });
    return row ? toRow(row) : undefined;
  };
  return {
    get,
    async list() {
      return (await store.em().find(InferenceBudget, {}, { orderBy: { crew: 'asc' } })).map(toRow);
    },
    async among(keys) {
      if (keys.length === 0) return [];
      return (await store.em().find(InferenceBudget, { crew: { $in: [...keys] } })).map(toRow);
    },
    async put(crew, set, by, at, floor) {
      const em = sqlEm(store);
      const n = await em.nativeUpdate(InferenceBudget, { crew }, { ...set, updatedBy: by, updatedAt: at });
      if (n === 0) {
        await em
          .insert(InferenceBudget, {
            crew,
            ...set,
            spentMicroDollars: 0,
            reservedMicroDollars: 0,
            estimateMicroDollars: floor,
            calls: 0,
            unpricedCalls: 0,
            refusedCalls: 0,
            warnedAt: null,
            updatedBy: by,
            updatedAt: at,
            resetAt: null,
          })
          // Two first writers: the loser's values are written over the winner's as an update.
          .catch(async () => em.nativeUpdate(InferenceBudget, { crew }, { ...set, updatedBy: by, updatedAt: at }));
      }
      // A raised limit re-arms the soft warning.
      await em
        .createQueryBuilder(InferenceBudget)
        .update({ warnedAt: null })
        .where({ crew, spentMicroDollars: { $lt: set.limitMicroDollars } })
        .execute('run');
      return (await get(crew))!;
    },
    async reset(crew, by, at) {
      const n = await store
        .em()
        .nativeUpdate(
          InferenceBudget,
          { crew },
          { spentMicroDollars: 0, calls: 0, unpricedCalls: 0, refusedCalls: 0, warnedAt: null, resetAt: at, updatedBy: by, updatedAt: at },
        );
      return n === 0 ? undefined : get(crew);
    },
    async remove(crew) {
      return (await store.em().nativeDelete(InferenceBudget, { crew })) > 0;
    },
    async reserve(crew, estimate, hard) {
      const qb = sqlEm(store)
        .createQueryBuilder(InferenceBudget)
        .update({ reservedMicroDollars: raw('reserved_micro_dollars + ?', [estimate]) })
        .where({ crew });
      if (hard) qb.andWhere('spent_micro_dollars + reserved_micro_dollars + ? <= limit_micro_dollars', [estimate]);
      const res = await qb.execute('run');
      return res.affectedRows === 1;
    },
    async release(crew, estimate) {
      await sqlEm(store)
        .createQueryBuilder(InferenceBudget)
        .update({ reservedMicroDollars: raw('reserved_micro_dollars - ?', [estimate]) })
        .where({ crew })
        .execute('run');
    },
    async settle(crew, estimate, cost, unpriced) {
      await sqlEm(store)
        .createQueryBuilder(InferenceBudget)
        .update({
          reservedMicroDollars: raw('reserved_micro_dollars - ?', [estimate]),
          spentMicroDollars: raw('spent_micro_dollars + ?', [cost]),
          calls: raw('calls + 1'),
          unpricedCalls: raw('unpriced_calls + ?', [unpriced ? 1 : 0]),
          estimateMicroDollars: raw('case when estimate_micro_dollars < ? then ? else estimate_micro_dollars end', [cost, cost]),
        })
        .where({ crew })
        .execute('run');
      return get(crew);
    },
    async countRefusal(crew) {
      await sqlEm(store)
        .createQueryBuilder(InferenceBudget)
        .update({ refusedCalls: raw('refused_calls + 1') })
        .where({ crew })
        .execute('run');
    },
    async markWarned(crew, at) {
      const res = await sqlEm(store)
        .createQueryBuilder(InferenceBudget)
        .update({ warnedAt: at })
        .where({ crew, warnedAt: null })
        .andWhere('spent_micro_dollars >= limit_micro_dollars')
        .execute('run');
      return res.affectedRows === 1;
    },
  };
}
