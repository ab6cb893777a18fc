import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { AgentPauseBody, AgentPauseReply, AgentUnpauseBody, AgentUnpauseReply } from '../../schemas/runs.js';
import { BootBody, BootReply, TickBody, TickReply } from '../../schemas/chain-sessions.js';
import { OPERATOR, requireOperator } from '../../identity/caller.js';
import { requirePauseAgent, requireUnpauseAgent } from '../../identity/agents.js';
import { clientOf } from '../../bus/verbs.js';
import { absentBodyIsEmpty } from '../absent-body.js';
import type { GatewayDeps } from '../types.js';

/** `/agents/*`: pausing a seat and lifting the pause, both done by the run actor; who may do either is
 * identity/agents.ts. `/boot` (a worker's session key) and `/tick` (one tick of the agent loop) are done by
 * the chain actor, where the chain port is. */
export const agentRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const run = clientOf(deps.bus, 'run');
  const chain = clientOf(deps.bus, 'chain');
  app.post(
    '/agents/pause',
    {
      schema: {
        tags: ['flows'],
        summary: 'pauses an agent: new runs as it are refused and its parked runs cancelled (operator, or the seat itself)',
        body: AgentPauseBody,
        response: { 200: AgentPauseReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      const caller = req.caller ?? OPERATOR;
      requirePauseAgent(caller, req.body.agent);
      return run.agentPause({ ...req.body, caller }, { traceId: traceIdOf(req), timeoutMs: 30_000 });
    },
  );

  app.post(
    '/boot',
    {
      schema: {
        tags: ['chain'],
        summary: 'provisions a session key for a worker: bounded, expiring, pinned; a paused agent gets none (operator only)',
        body: BootBody,
        response: {
          200: BootReply,
          400: ErrorBody,
          401: ErrorBody,
          403: ErrorBody,
          409: ErrorBody,
          422: ErrorBody,
          503: ErrorBody,
          504: ErrorBody,
        },
      },
    },
    async (req) => {
      requireOperator(req.caller, 'provisions session keys');
      return chain.boot(req.body, { traceId: traceIdOf(req), timeoutMs: 60_000 });
    },
  );

  app.post(
    '/tick',
    {
      schema: {
        tags: ['chain'],
        summary:
          'runs one tick of the agent loop: each active worker holding a session key proposes its standing spend (value, default one token, to its pinned or whitelisted target) (operator only)',
        body: TickBody,
        response: { 200: TickReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 409: ErrorBody, 503: ErrorBody, 504: ErrorBody },
      },
      // An empty POST is a tick at the standing value.
      preValidation: absentBodyIsEmpty,
    },
    async (req) => {
      requireOperator(req.caller, 'ticks the agent loop');
      return chain.tick(req.body, { traceId: traceIdOf(req), timeoutMs: 120_000 });
    },
  );

  app.post(
    '/agents/unpause',
    {
      schema: {
        tags: ['flows'],
        summary: 'lifts an agent pause so runs as it start again (operator only)',
        body: AgentUnpauseBody,
        response: { 200: AgentUnpauseReply, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      requireUnpauseAgent(req.caller ?? OPERATOR);
      return run.agentUnpause({ agent: req.body.agent }, { traceId: traceIdOf(req), timeoutMs: 15_000 });
    },
  );
};
