/**
 * Inference budgets on the wire: what `/budgets/inference*` take and answer, and the ops actor's
 * verbs that change them. Amounts are micro-dollars (one millionth of a dollar), as model call
 * costs are everywhere else.
 */
import { Type, type Static } from 'typebox';
import { IdToken } from './text.js';
import { Caller } from './caller.js';

export const Enforcement = Type.Union([Type.Literal('soft'), Type.Literal('hard')], {
  description:
    'soft: calls go on, the crossing is logged and audited (InferenceBudgetExceeded); hard: a call without room is refused before the provider is asked (402 inference_budget_exceeded)',
});

export const BudgetKey = Type.Object({ crew: IdToken({ maxLength: 128, description: 'a crew id, or a seat for a budget of its own' }) });
export type BudgetKey = Static<typeof BudgetKey>;

export const BudgetPut = Type.Object(
  {
    limitMicroDollars: Type.Integer({ minimum: 0, maximum: 1e15, description: 'the limit in micro-dollars ($1 = 1000000)' }),
    enforcement: Enforcement,
  },
  { additionalProperties: false },
);
export type BudgetPut = Static<typeof BudgetPut>;

export const BudgetView = Type.Object({
  crew: Type.String(),
  enforcement: Enforcement,
  limitMicroDollars: Type.Number(),
  spentMicroDollars: Type.Number({ description: 'settled spend since the last reset; unpriced and unmetered calls count at the floor' }),
  heldMicroDollars: Type.Number({ description: 'estimates held by calls in flight' }),
  remainingMicroDollars: Type.Number({ description: 'limit minus spent and held, never below 0' }),
  exceeded: Type.Boolean({ description: 'spent has reached the limit' }),
  calls: Type.Integer(),
  unpricedCalls: Type.Integer({ description: 'calls charged the floor because no price or no usage was known' }),
  refusedCalls: Type.Integer(),
  floorMicroDollars: Type.Number({ description: 'what a call of unknown cost is charged' }),
  counters: Type.Union([Type.Literal('postgres'), Type.Literal('process')], {
    description: 'postgres: shared by every replica and kept across restarts; process: this process only, gone at restart',
  }),
  warnedAt: Type.Union([Type.String(), Type.Null()]),
  resetAt: Type.Union([Type.String(), Type.Null()]),
  updatedBy: Type.String(),
  updatedAt: Type.String(),
});
export type BudgetView = Static<typeof BudgetView>;

export const BudgetList = Type.Object({ budgets: Type.Array(BudgetView) });
export type BudgetList = Static<typeof BudgetList>;

export const BudgetRemoved = Type.Object({ crew: Type.String(), removed: Type.Boolean() });
export type BudgetRemoved = Static<typeof BudgetRemoved>;

/** The ops actor's budget verbs: the caller is the one the gateway authenticated. */
export const BudgetSetCommand = Type.Object({ caller: Caller, crew: Type.String(), ...BudgetPut.properties });
export const BudgetCrewCommand = Type.Object({ caller: Caller, crew: Type.String() });
