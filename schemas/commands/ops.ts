/** The ops actor's verbs: a ping through the work queue, one metered model completion, and the
 * inference budgets' writes (operator only). */
import { Type } from 'typebox';
import { ModelCompleteReply } from '../connectors.js';
import { verb } from './verb.js';
import { BudgetCrewCommand, BudgetRemoved, BudgetSetCommand, BudgetView } from '../budgets.js';

export const opsVerbs = {
  ping: verb(
    Type.Object({ note: Type.Optional(Type.String()) }),
    Type.Object({ worker: Type.String(), note: Type.Optional(Type.String()), deliveryCount: Type.Integer() }),
  ),
  complete: verb(
    Type.Object({
      prompt: Type.String(),
      system: Type.Optional(Type.String()),
      model: Type.Optional(Type.String()),
      /** The caller's seat: the inference budgets over it apply. */
      seat: Type.Optional(Type.String()),
    }),
    ModelCompleteReply,
  ),
  budgetSet: verb(BudgetSetCommand, BudgetView),
  budgetReset: verb(BudgetCrewCommand, BudgetView),
  budgetRemove: verb(BudgetCrewCommand, BudgetRemoved),
};
