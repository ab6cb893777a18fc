/**
 * Inference budgets at the model call: before the provider is asked, each budget over the calling
 * seat (a budget named for the seat itself, or for a crew it reports into) holds an estimate of
 * the call; a hard budget without room refuses the call (`inference_budget_exceeded`) and the
 * provider is never reached. After the call the estimate is swapped for its real cost. The
 * estimate is the largest call the budget has settled (at least the floor), so workers racing
 * on one hard budget are admitted only while the limit has room for what a call has cost, and
 * the limit is overshot by at most the amount one call costs more than that.
 *
 * A call with no price (unpriced model) or no reported usage (unmetered) is charged the floor:
 * unknown is never free.
 */
import type { Logger } from 'pino';
import { AppError } from '../schemas/errors.js';
import type { Audit } from '../runtime/audit.js';
import type { Store } from '../store/types.js';
import { inferenceBudgetsOf } from '../store/inference-budgets.js';

/** What a call of unknown cost is charged, in micro-dollars ($0.001); also the smallest estimate. */
export const UNPRICED_CALL_FLOOR_MICRO_DOLLARS = 1000;

export interface BudgetGuardDeps {
  readonly store: Store;
  readonly audit?: Audit | undefined;
  readonly log?: Logger | undefined;
  /** The crews a seat reports into, nearest first (the org in force). */
  readonly crewsOf: (seat: string) => readonly string[];
  readonly now: () => number;
}

export interface CallRef {
  readonly seat: string;
  readonly model: string;
  readonly runId?: string | undefined;
  readonly stepId?: string | undefined;
  readonly traceId?: string | undefined;
}

export interface Holds {
  readonly ref: CallRef;
  readonly held: readonly { crew: string; estimate: number }[];
}

export interface BudgetGuard {
  reserve(ref: CallRef): Promise<Holds>;
  settle(holds: Holds, microDollars: number | null): Promise<void>;
  release(holds: Holds): Promise<void>;
}

const usd = (micro: number) => `$${(micro / 1e6).toFixed(6).replace(/0+$/, '').replace(/\.$/, '')}`;

export function budgetGuard(deps: BudgetGuardDeps): BudgetGuard {
  const repo = inferenceBudgetsOf(deps.store);
  const ids = (ref: CallRef) => ({ ...(ref.runId ? { runId: ref.runId } : {}), ...(ref.stepId ? { stepId: ref.stepId } : {}) });
  const release = async (held: Holds['held']) => {
    for (const h of held) await repo.release(h.crew, h.estimate);
  };
  return {
    async reserve(ref) {
      const keys = [ref.seat, ...deps.crewsOf(ref.seat).filter((c) => c !== ref.seat)];
      const budgets = await repo.among(keys);
      const held: { crew: string; estimate: number }[] = [];
      for (const b of budgets) {
        const estimate = Math.max(UNPRICED_CALL_FLOOR_MICRO_DOLLARS, b.estimateMicroDollars);
        const hard = b.enforcement === 'hard';
        const ok = await repo.reserve(b.crew, estimate, hard);
        if (ok) held.push({ crew: b.crew, estimate });
        // A soft budget never refuses; one that no update found was removed meanwhile.
        if (ok || !hard || !(await repo.get(b.crew))) continue;
        await release(held);
        await repo.countRefusal(b.crew);
        const now = (await repo.get(b.crew)) ?? b;
        const data = {
          crew: b.crew,
          limitMicroDollars: now.limitMicroDollars,
          spentMicroDollars: now.spentMicroDollars,
          seat: ref.seat,
          model: ref.model,
          ...ids(ref),
        };
        await deps.audit?.record('InferenceBudgetRefused', data, ref.traceId);
        throw new AppError('inference_budget_exceeded', {
          message: `the hard inference budget of ${b.crew} has no room for this call (spent ${usd(now.spentMicroDollars)} of ${usd(now.limitMicroDollars)}, ${usd(now.reservedMicroDollars)} held by calls in flight, this call estimated at ${usd(estimate)}); the model provider was not asked`,
        });
      }
      return { ref, held };
    },
    async settle(holds, microDollars) {
      const unpriced = microDollars === null;
      const cost = microDollars ?? UNPRICED_CALL_FLOOR_MICRO_DOLLARS;
      for (const h of holds.held) {
        const row = await repo.settle(h.crew, h.estimate, cost, unpriced);
        if (!row || row.spentMicroDollars < row.limitMicroDollars) continue;
        if (!(await repo.markWarned(h.crew, new Date(deps.now())))) continue;
        deps.log?.warn(
          {
            crew: h.crew,
            enforcement: row.enforcement,
            limitMicroDollars: row.limitMicroDollars,
            spentMicroDollars: row.spentMicroDollars,
          },
          row.enforcement === 'soft' ? 'soft inference budget exceeded' : 'hard inference budget reached',
        );
        await deps.audit?.record(
          'InferenceBudgetExceeded',
          {
            crew: h.crew,
            enforcement: row.enforcement,
            limitMicroDollars: row.limitMicroDollars,
            spentMicroDollars: row.spentMicroDollars,
            seat: holds.ref.seat,
            ...ids(holds.ref),
          },
          holds.ref.traceId,
        );
      }
    },
    release: (holds) => release(holds.held),
  };
}
