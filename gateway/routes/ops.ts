import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { PingReply, PingRequest } from '../../schemas/ops.js';
import { clientOf } from '../../bus/verbs.js';
import type { GatewayDeps } from '../types.js';

/** `/ops/*`, operator plumbing: a command round trip through the work queue. */
export const opsRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post(
    '/ops/ping',
    {
      schema: {
        tags: ['runtime'],
        summary: 'sends a ping command through the work queue to one worker',
        body: PingRequest,
        response: { 200: PingReply, 401: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => {
      const started = performance.now();
      const reply = await clientOf(deps.bus, 'ops').ping(req.body ?? {}, { traceId: traceIdOf(req), timeoutMs: 10_000 });
      return { ...reply, roundTripMs: Math.round((performance.now() - started) * 1000) / 1000 };
    },
  );
};
