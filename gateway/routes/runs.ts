import { traceIdOf } from '../tracing.js';
import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError, isAppError } from '../../schemas/errors.js';
import { ErrorBody } from '../../schemas/error-body.js';
import { OPERATOR } from '../../identity/caller.js';
import { runsVisibleTo, startAs } from '../../identity/runs.js';
import {
  RunAccepted,
  RunIdBody,
  RunList,
  RunListQuery,
  RunReasonBody,
  RunState,
  RunStateQuery,
  RunView,
  StartRunBody,
  type StartRunCommand,
} from '../../schemas/runs.js';
import { listRuns, runState } from '../../queries/runs.js';
import { clientOf } from '../../bus/verbs.js';
import type { GatewayDeps } from '../types.js';

/** How long POST /flows/run (and resume) waits for the run to end or park before answering 202. */
export const RUN_WAIT_MS = 25_000;

/**
 * `/flows/run` and `/flows/runs/*`: start (waits for the run to complete, fail or park; 202 with
 * the id when it takes longer), reads of the store, and pause/resume/cancel through the run
 * actor. Who a run executes as, who reads it and who steers it is identity/runs.ts; the run
 * actor judges steering where it reads the run.
 */
export const runRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const run = clientOf(deps.bus, 'run');
  /** Answers with the run once it ends or parks, or 202 with its id when it is still running after RUN_WAIT_MS.
   * Only a webhook's start (it carries a delivery) may answer as a duplicate; these never do. */
  const runOrAccept = async (
    reply: FastifyReply,
    waiting: Promise<RunView | { runId: string; duplicate: true }>,
    runId: string,
  ): Promise<RunView | FastifyReply> => {
    try {
      return (await waiting) as RunView;
    } catch (err) {
      if (isAppError(err) && err.code === 'command_timeout')
        return reply.code(202).send({ id: runId, status: 'running', accepted: true } satisfies RunAccepted);
      throw err;
    }
  };

  app.post(
    '/flows/run',
    {
      // Not request-logged: every run started leaves FlowRun rows and events (trace id = request
      // id), and a refused command a line from the worker; two synchronous log writes per run were
      // their own system calls on the gateway. Warnings (5xx) still go out.
      logLevel: 'warn',
      schema: {
        tags: ['flows'],
        summary: 'runs a saved ({id}) or inline ({flow}) flow as the caller',
        body: StartRunBody,
        response: { 200: RunView, 202: RunAccepted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 504: ErrorBody },
      },
    },
    async (req, reply) => {
      const caller = req.caller ?? OPERATOR;
      const { id, flow, input, as } = req.body;
      if ((id === undefined) === (flow === undefined))
        throw new AppError('invalid_request', { message: 'send exactly one of {id} (a saved flow) or {flow} (inline)' });
      const runAs = startAs(caller, as);
      const runId = `run-${randomUUID()}`;
      const cmd: StartRunCommand = {
        runId,
        ...runAs,
        trigger: 'manual',
        traceId: traceIdOf(req),
        ...(id === undefined ? {} : { flowId: id }),
        ...(flow === undefined ? {} : { flow }),
        ...(input === undefined ? {} : { input }),
      };
      return runOrAccept(reply, run.start(cmd, { traceId: traceIdOf(req), timeoutMs: RUN_WAIT_MS, msgId: runId }), runId);
    },
  );

  app.get(
    '/flows/runs',
    {
      schema: {
        tags: ['flows'],
        summary: 'recent runs, newest first; filters by status, flow, principal, trigger and creation time; pages with `before`',
        querystring: RunListQuery,
        response: { 200: RunList, 401: ErrorBody },
      },
    },
    async (req) => {
      const visibleTo = runsVisibleTo(req.caller ?? OPERATOR);
      return listRuns(deps.store, { open: false, limit: req.query.limit ?? 50, visibleTo, query: req.query });
    },
  );

  app.get(
    '/flows/runs/open',
    {
      schema: {
        tags: ['flows'],
        summary: 'runs in flight or parked (the stalled-run list)',
        querystring: RunListQuery,
        response: { 200: RunList, 401: ErrorBody },
      },
    },
    async (req) => {
      const visibleTo = runsVisibleTo(req.caller ?? OPERATOR);
      return listRuns(deps.store, { open: true, limit: req.query.limit ?? 200, visibleTo, query: req.query });
    },
  );

  app.get(
    '/flows/runs/state',
    {
      schema: {
        tags: ['flows'],
        summary: 'a run, its checkpoint trail, attempts and children',
        querystring: RunStateQuery,
        response: { 200: RunState, 401: ErrorBody, 404: ErrorBody },
      },
    },
    async (req) => {
      return runState(deps.store, req.query.runId, runsVisibleTo(req.caller ?? OPERATOR));
    },
  );

  /** Who steers: the run actor lets only the run's principal or the operator through (identity/runs.ts). */
  const by = (req: FastifyRequest) => ({ caller: req.caller ?? OPERATOR });

  app.post(
    '/flows/runs/pause',
    {
      schema: {
        tags: ['flows'],
        summary: 'asks the run to stop at the next step boundary',
        body: RunReasonBody,
        response: { 200: RunView, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      return run.pause({ ...req.body, ...by(req) }, { traceId: traceIdOf(req), timeoutMs: 15_000 });
    },
  );

  app.post(
    '/flows/runs/resume',
    {
      schema: {
        tags: ['flows'],
        summary: 'continues a parked run from its last checkpoint; 409 when cancelled',
        body: RunIdBody,
        response: { 200: RunView, 202: RunAccepted, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 504: ErrorBody },
      },
    },
    async (req, reply) => {
      return runOrAccept(
        reply,
        run.resume({ ...req.body, ...by(req) }, { traceId: traceIdOf(req), timeoutMs: RUN_WAIT_MS }),
        req.body.runId,
      );
    },
  );

  app.post(
    '/flows/runs/cancel',
    {
      schema: {
        tags: ['flows'],
        summary: 'ends a run for good (delegates too)',
        body: RunReasonBody,
        response: { 200: RunView, 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      return run.cancel({ ...req.body, ...by(req) }, { traceId: traceIdOf(req), timeoutMs: 15_000 });
    },
  );
};
