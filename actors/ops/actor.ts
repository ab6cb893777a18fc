import { defineActor } from '../actor.js';
import { opsVerbs } from '../../schemas/commands/ops.js';
import type { MeteredModelProvider } from '../../model/index.js';
import { removeBudget, resetBudget, setBudget, type BudgetDeps } from './budgets.js';

export interface OpsDeps extends BudgetDeps {
  readonly workerId: string;
  readonly model: MeteredModelProvider;
}

/** Answers a ping through the work queue: proves a gateway reaches some worker over the bus. */
export const opsActor = defineActor({
  name: 'ops',
  verbs: opsVerbs,
  create: (deps: OpsDeps) => ({
    handlers: {
      ping: async (ctx, payload) => ({
        worker: deps.workerId,
        ...(payload.note === undefined ? {} : { note: payload.note }),
        deliveryCount: ctx.deliveryCount,
      }),
      /** `POST /model/complete`: one metered completion through the model provider. */
      complete: async (_ctx, payload) => {
        const out = await deps.model.complete(payload);
        return { text: out.text, provider: out.provider, model: out.model, usage: out.usage ?? null, microDollars: out.microDollars };
      },
      budgetSet: (ctx, p) => setBudget(deps, p, ctx.traceId),
      budgetReset: (ctx, p) => resetBudget(deps, p, ctx.traceId),
      budgetRemove: (ctx, p) => removeBudget(deps, p, ctx.traceId),
    },
  }),
});
