import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import { isOperator, OPERATOR } from '../../identity/caller.js';
import { DeleteFlowBody, DeleteFlowReply, FlowList, FlowRecord, SaveFlowBody, TemplateList } from '../../schemas/runs.js';
import { listFlows } from '../../flows/store.js';
import { TEMPLATES } from '../../flows/templates.js';
import { clientOf } from '../../bus/verbs.js';
import { SaveFlowQuery } from '../../schemas/eval-api.js';
import { evalBeforeSave } from '../../evals/before-save.js';
import type { GatewayDeps } from '../types.js';
import { orgOf } from '../../runtime/org.js';

/** `/flows`, `/flows/delete`, `/flows/templates`: flow definitions: list (filtered by scope for
 * the caller, identity/flows.ts), save and delete through the run actor (which validates, judges
 * scope and audits), and the first-party template catalog. A save with `?eval=1` runs the eval
 * scenarios that name the flow against it first (evals/before-save.ts) and is refused when one fails. */
export const flowRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.get(
    '/flows',
    {
      schema: { tags: ['flows'], summary: 'saved definitions visible to the caller', response: { 200: FlowList, 401: ErrorBody } },
    },
    async (req) => {
      const caller = req.caller ?? OPERATOR;
      return { flows: await listFlows(deps.store, caller, orgOf(deps)) };
    },
  );

  app.post(
    '/flows',
    {
      schema: {
        tags: ['flows'],
        summary:
          'validates and saves a definition (FlowSaved); a seat may overwrite only its own; `?eval=1` (operator) first runs the eval scenarios naming it against it and refuses the save when one fails',
        body: SaveFlowBody,
        querystring: SaveFlowQuery,
        response: {
          200: FlowRecord,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          500: ErrorBody,
          504: ErrorBody,
        },
      },
    },
    async (req) => {
      const caller = req.caller ?? OPERATOR;
      if (req.query.eval === '1') {
        if (!isOperator(caller)) throw new AppError('operator_only', { message: 'only the operator runs evals (?eval=1)' });
        await evalBeforeSave(deps.evals, req.body.flow, traceIdOf(req));
      }
      return clientOf(deps.bus, 'run').save({ flow: req.body.flow, caller }, { traceId: traceIdOf(req), timeoutMs: 15_000 });
    },
  );

  app.post(
    '/flows/delete',
    {
      schema: {
        tags: ['flows'],
        summary: 'removes a saved definition the caller may change (deleted: false when none is visible)',
        body: DeleteFlowBody,
        response: { 200: DeleteFlowReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      const caller = req.caller ?? OPERATOR;
      return clientOf(deps.bus, 'run').delete({ id: req.body.id, caller }, { traceId: traceIdOf(req), timeoutMs: 15_000 });
    },
  );

  app.get(
    '/flows/templates',
    {
      schema: { tags: ['flows'], summary: 'the first-party template catalog', response: { 200: TemplateList, 401: ErrorBody } },
    },
    async () => ({
      templates: TEMPLATES.map((t) => ({
        id: t.id,
        title: t.title,
        description: t.description,
        flow: t.flow as unknown as Record<string, unknown>,
      })),
    }),
  );
};
