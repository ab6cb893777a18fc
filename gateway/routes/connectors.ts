import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/errors.js';
import { ConnectorList, ModelCompleteReply, ModelCompleteRequest } from '../../schemas/connectors.js';
import { createConnectors } from '../../actors/run/connectors/index.js';
import type { GatewayDeps } from '../types.js';

/** External reach, as an operator inspects it: which connector routes exist and whether their
 * credentials are set (never a value), and one completion through the model provider, which
 * runs on a worker (`ops.complete`) so it is metered where every model step is. */
export const connectorRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  // The listing is pure configuration; no worker is needed to read it.
  const connectors = createConnectors(deps.config);

  app.get('/connectors', {
    schema: { tags: ['flows'], summary: 'registered connectors, their routes and the env vars each reads (set or not, never a value)', response: { 200: ConnectorList, 401: ErrorBody } },
  }, async () => ({ connectors: connectors.list() }));

  app.post('/model/complete', {
    schema: { tags: ['flows'], summary: 'one completion through the configured model provider (metered)', body: ModelCompleteRequest, response: { 200: ModelCompleteReply, 400: ErrorBody, 401: ErrorBody, 502: ErrorBody, 504: ErrorBody } },
  }, async (req) => deps.bus.call<ModelCompleteReply>('ops', 'complete', req.body, { traceId: req.id, timeoutMs: 90_000 }));
};
