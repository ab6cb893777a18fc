import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError, ErrorBody } from '../../schemas/errors.js';
import type { GatewayDeps } from '../types.js';

/**
 * Webhook deliveries authenticate with their trigger's signature scheme, not the bearer token,
 * and take any content type (the body is verified raw). No trigger can exist until the trigger
 * actor lands, so every id is unknown.
 */
export const hookRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app) => {
  app.post('/hooks/:triggerId', {
    config: { public: true, rawBody: true },
    schema: { tags: ['triggers'], summary: 'webhook delivery', params: Type.Object({ triggerId: Type.String() }), response: { 404: ErrorBody } },
  }, async () => {
    throw new AppError('webhook_trigger_not_found');
  });
};
