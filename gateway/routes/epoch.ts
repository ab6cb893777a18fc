import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBody } from '../../schemas/error-body.js';
import { AssetQuery } from '../../schemas/chain-reads.js';
import { EpochReply } from '../../schemas/triggers.js';
import { clientOf } from '../../bus/verbs.js';
import { absentBodyIsEmpty } from '../absent-body.js';
import type { GatewayDeps } from '../types.js';
import { OPERATOR } from '../../identity/caller.js';

/** `POST /epoch {asset?}`: streams allowances (that asset's streamer, else the primary's) and fires every `trigger: epoch` flow, on a worker (`trigger.epoch`). */
export const epochRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  app.post(
    '/epoch',
    {
      schema: {
        tags: ['triggers'],
        summary: 'stream allowances through the chain port, then fire every trigger: epoch flow',
        body: AssetQuery,
        response: { 200: EpochReply, 400: ErrorBody, 401: ErrorBody, 503: ErrorBody, 504: ErrorBody },
      },
      // A POST with no body at all is the primary asset's epoch (as before the body existed).
      preValidation: absentBodyIsEmpty,
    },
    async (req) =>
      clientOf(deps.bus, 'trigger').epoch(
        { caller: req.caller ?? OPERATOR, ...(req.body?.asset === undefined ? {} : { asset: req.body.asset }) },
        { traceId: traceIdOf(req), timeoutMs: 30_000 },
      ),
  );
};
