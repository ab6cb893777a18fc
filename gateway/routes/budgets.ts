import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import { BudgetKey, BudgetList, BudgetPut, BudgetRemoved, BudgetView } from '../../schemas/budgets.js';
import { OPERATOR } from '../../identity/caller.js';
import { clientOf } from '../../bus/verbs.js';
import { listBudgets, readBudget } from '../../queries/budgets.js';
import type { GatewayDeps } from '../types.js';

/** `/budgets/inference*` (docs/operations.md "Inference budgets"): reads from the store, writes
 * through the ops actor, which audits them and allows only the operator. */
export const budgetRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const ops = clientOf(deps.bus, 'ops');
  const tags = ['runtime'];
  app.get(
    '/budgets/inference',
    {
      schema: { tags, summary: 'every inference budget with its counters', response: { 200: BudgetList, 401: ErrorBody, 503: ErrorBody } },
    },
    async () => ({ budgets: await listBudgets(deps.store) }),
  );
  app.get(
    '/budgets/inference/:crew',
    {
      schema: {
        tags,
        summary: "one crew's (or seat's) inference budget and its counters",
        params: BudgetKey,
        response: { 200: BudgetView, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 503: ErrorBody },
      },
    },
    async (req) => {
      const view = await readBudget(deps.store, req.params.crew);
      if (!view) throw new AppError('record_not_found', { message: `no inference budget for ${req.params.crew}` });
      return view;
    },
  );
  app.put(
    '/budgets/inference/:crew',
    {
      schema: {
        tags,
        summary: 'sets the limit and enforcement of an inference budget (counters carry over; operator only)',
        params: BudgetKey,
        body: BudgetPut,
        response: { 200: BudgetView, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) =>
      ops.budgetSet({ caller: req.caller ?? OPERATOR, crew: req.params.crew, ...req.body }, { traceId: traceIdOf(req), timeoutMs: 15_000 }),
  );
  app.post(
    '/budgets/inference/:crew/reset',
    {
      schema: {
        tags,
        summary: "zeroes an inference budget's counters; calls in flight still settle (operator only)",
        params: BudgetKey,
        response: { 200: BudgetView, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) =>
      ops.budgetReset({ caller: req.caller ?? OPERATOR, crew: req.params.crew }, { traceId: traceIdOf(req), timeoutMs: 15_000 }),
  );
  app.delete(
    '/budgets/inference/:crew',
    {
      schema: {
        tags,
        summary: 'removes an inference budget: its crew is no longer bounded (operator only)',
        params: BudgetKey,
        response: { 200: BudgetRemoved, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) =>
      ops.budgetRemove({ caller: req.caller ?? OPERATOR, crew: req.params.crew }, { traceId: traceIdOf(req), timeoutMs: 15_000 }),
  );
};
