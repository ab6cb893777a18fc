import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { ConnectorList } from '../../schemas/connectors.js';
import { createConnectors } from '../../connectors/index.js';
import type { GatewayDeps } from '../types.js';

/** `/connectors`: external reach, as an operator inspects it: which connector routes exist and
 * whether their credentials are set (never a value). */
export const connectorRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  // The listing is pure configuration; no worker is needed to read it.
  const connectors = createConnectors(deps.config);

  app.get(
    '/connectors',
    {
      schema: {
        tags: ['flows'],
        summary: 'registered connectors, their routes and the env vars each reads (set or not, never a value)',
        response: { 200: ConnectorList, 401: ErrorBody },
      },
    },
    async () => ({ connectors: connectors.list() }),
  );
};
