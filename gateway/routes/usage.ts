import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { Usage, UsageQuery } from '../../schemas/usage.js';
import { auditOf } from '../../store/audit/index.js';
import type { GatewayDeps } from '../types.js';

function startOfUtcMonth(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

export const usageRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.get(
    '/usage',
    {
      schema: {
        tags: ['runtime'],
        summary: 'operation counts by audit-event type',
        querystring: UsageQuery,
        response: { 200: Usage, 400: ErrorBody, 401: ErrorBody },
      },
    },
    async (req) => {
      const since = req.query.since === undefined ? startOfUtcMonth() : new Date(req.query.since);
      return { since: since.toISOString(), counts: await auditOf(deps.store).usageCounts(since), complete: true };
    },
  );
};
