import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { requireOperator } from '../../identity/caller.js';
import { CONTENT_TYPE, exposition } from '../../kernel/metrics.js';
import type { GatewayDeps } from '../types.js';

/**
 * GET /metrics: the Prometheus text exposition of this process (kernel/metrics.ts). The operator's
 * bearer token guards it (it names flows and servers) unless SVC_METRICS_PUBLIC=1 opens it for a
 * scraper that cannot hold a token; SVC_METRICS=0 leaves the route out.
 */
export const metricsRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  if (!deps.config.metrics.enabled) return;
  const open = deps.config.metrics.public;
  app.get(
    '/metrics',
    {
      logLevel: 'warn',
      config: { public: open, rateLimit: false },
      schema: {
        tags: ['runtime'],
        summary: 'Prometheus metrics of this process (text exposition format 0.0.4)',
        produces: ['text/plain'],
        response: { 200: Type.String({ description: 'Prometheus text exposition' }), 401: ErrorBody, 403: ErrorBody },
      },
    },
    async (req, reply) => {
      if (!open) requireOperator(req.caller, 'reads the metrics');
      const text = await exposition();
      return reply
        .type(CONTENT_TYPE)
        .serializer((s: string) => s)
        .send(text);
    },
  );
};
