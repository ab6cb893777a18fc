import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { EvalReportSchema, EvalRunBody, EvalScenarioList, type EvalReportBody } from '../../schemas/eval-api.js';
import { requireOperator, type Caller } from '../../identity/caller.js';
import { absentBodyIsEmpty } from '../absent-body.js';
import type { GatewayDeps } from '../types.js';

/**
 * `GET|POST /flows/eval` (docs/evals.md "The routes"): the scenario list and a suite run. The suite runs in a
 * child of the process that took the request (evals/service.ts), not on the bus: it changes no
 * durable state, its answer goes back on this socket, and it may take up to SVC_EVAL_TIMEOUT_MS,
 * two minutes by default, far past any command's wait. A gateway has the store it needs to read
 * the saved definitions the scenarios name.
 *
 * The operator's only: these routes take the orchestrator token alone, and a suite reads
 * every saved definition its scenarios name, whatever its scope, and the operator's own folder.
 */
export const evalRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const operatorOnly = (caller: Caller | undefined): void => requireOperator(caller, 'lists or runs evals');

  app.get(
    '/flows/eval',
    {
      schema: {
        tags: ['flows'],
        summary: 'eval scenarios (shipped and SVC_EVAL_DIR), and the scenario files that did not load with their error',
        response: { 200: EvalScenarioList, 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req) => {
      operatorOnly(req.caller);
      return deps.evals.list();
    },
  );

  app.post(
    '/flows/eval',
    {
      schema: {
        tags: ['flows'],
        summary:
          'runs eval scenarios in a child process with the network blocked (FlowEvalRun): the given ids, those of an inline flow or blueprint, or all; matched 0 is never ok',
        body: EvalRunBody,
        response: { 200: EvalReportSchema, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 500: ErrorBody, 504: ErrorBody },
      },
      // An absent body is an empty one: no filter runs every scenario.
      preValidation: absentBodyIsEmpty,
    },
    async (req) => {
      operatorOnly(req.caller);
      // The snapshot mode is how the suite runs, not which scenarios it selects.
      const { snapshots, ...request } = req.body;
      return (await deps.evals.run(request, traceIdOf(req), snapshots ? { snapshots } : {})) as EvalReportBody;
    },
  );
};
