import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/errors.js';
import { EpochReply } from '../../schemas/triggers.js';
import { clientOf } from '../../bus/verbs.js';
import type { GatewayDeps } from '../types.js';

/** `POST /epoch`: streams allowances and fires every `trigger: epoch` flow, on a worker (`trigger.epoch`). */
export const epochRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post(
    '/epoch',
    {
      schema: {
        tags: ['triggers'],
        summary: 'stream allowances through the chain port, then fire every trigger: epoch flow',
        response: { 200: EpochReply, 401: ErrorBody, 503: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => clientOf(deps.bus, 'trigger').epoch({ by: req.caller?.seat ?? 'operator' }, { traceId: req.id, timeoutMs: 30_000 }),
  );
};
