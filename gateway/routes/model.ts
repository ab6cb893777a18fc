import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { ModelCompleteReply, ModelCompleteRequest } from '../../schemas/connectors.js';
import { clientOf } from '../../bus/verbs.js';
import { OPERATOR } from '../../identity/caller.js';
import type { GatewayDeps } from '../types.js';

/** `/model/*`: one completion through the configured model provider, which runs on a worker
 * (`ops.complete`) so it is metered where every model step is. */
export const modelRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post(
    '/model/complete',
    {
      schema: {
        tags: ['flows'],
        summary: 'one completion through the configured model provider (metered)',
        body: ModelCompleteRequest,
        response: { 200: ModelCompleteReply, 400: ErrorBody, 401: ErrorBody, 402: ErrorBody, 502: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) =>
      clientOf(deps.bus, 'ops').complete(
        { ...req.body, seat: (req.caller ?? OPERATOR).seat },
        { traceId: traceIdOf(req), timeoutMs: 90_000 },
      ),
  );
};
