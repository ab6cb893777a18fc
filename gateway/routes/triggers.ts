import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '../../schemas/error-body.js';
import {
  CreateTriggerBody,
  DeliveryList,
  DeliveryQuery,
  TriggerDeleted,
  TriggerEnabledBody,
  TriggerIdBody,
  TriggerList,
  TriggerMinted,
  TriggerReply,
} from '../../schemas/triggers.js';
import { OPERATOR } from '../../identity/caller.js';
import { clientOf } from '../../bus/verbs.js';
import { mintSecret, newTriggerId } from '../../ingress/sealing.js';
import type { GatewayDeps } from '../types.js';

/**
 * `/flows/triggers/*` (docs/triggers.md): every route asks the trigger actor, which holds
 * the rules (actors/trigger/records.ts: who may name which principal, what a trigger may run).
 * The one thing done here is minting a secret: the caller is here, so the secret is made here,
 * only its sealed envelope goes on the bus (anyone allowed to subscribe to the prefix could read
 * a clear one), and it appears in the create and rotate answers only, never in a listing, a bus
 * message or a log line. A gateway that cannot seal sends no envelope, and the actor refuses
 * with `webhook_sealing_unavailable` where it would have, after its own checks.
 */
export const triggerRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const trigger = clientOf(deps.bus, 'trigger');
  const caller = (req: FastifyRequest) => req.caller ?? OPERATOR;
  const wait = (req: FastifyRequest) => ({ traceId: traceIdOf(req), timeoutMs: 15_000 });
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody, 504: ErrorBody };

  app.get(
    '/flows/triggers',
    {
      schema: {
        tags: ['triggers'],
        summary: 'webhook triggers (never the secret)',
        response: { 200: TriggerList, 401: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => trigger.list({ caller: caller(req) }, wait(req)),
  );

  app.post(
    '/flows/triggers',
    {
      schema: {
        tags: ['triggers'],
        summary: 'mint a webhook trigger; the secret is shown this once',
        body: CreateTriggerBody,
        response: { 200: TriggerMinted, ...errors },
      },
    },
    async (req) => {
      const id = newTriggerId();
      const minted = req.body.scheme === 'pubsub' ? undefined : mintSecret(deps.config, id);
      const reply = await trigger.create(
        { caller: caller(req), body: req.body, id, ...(minted ? { sealed: minted.sealed } : {}) },
        wait(req),
      );
      return { trigger: reply.trigger, secret: minted?.secret ?? '', secretShownOnce: true as const };
    },
  );

  app.post(
    '/flows/triggers/rotate',
    {
      schema: {
        tags: ['triggers'],
        summary: 'new secret; the old one stops verifying at once',
        body: TriggerIdBody,
        response: { 200: TriggerMinted, ...errors },
      },
    },
    async (req) => {
      const minted = mintSecret(deps.config, req.body.id);
      const reply = await trigger.rotate({ caller: caller(req), id: req.body.id, ...(minted ? { sealed: minted.sealed } : {}) }, wait(req));
      return { trigger: reply.trigger, secret: minted?.secret ?? '', secretShownOnce: true as const };
    },
  );

  app.post(
    '/flows/triggers/enabled',
    {
      schema: {
        tags: ['triggers'],
        summary: 'enable or disable a trigger',
        body: TriggerEnabledBody,
        response: { 200: TriggerReply, ...errors },
      },
    },
    async (req) => trigger.enable({ caller: caller(req), id: req.body.id, enabled: req.body.enabled }, wait(req)),
  );

  app.post(
    '/flows/triggers/delete',
    {
      schema: { tags: ['triggers'], summary: 'remove a trigger', body: TriggerIdBody, response: { 200: TriggerDeleted, ...errors } },
    },
    async (req) => trigger.delete({ caller: caller(req), id: req.body.id }, wait(req)),
  );

  app.get(
    '/flows/triggers/deliveries',
    {
      schema: {
        tags: ['triggers'],
        summary: 'delivery log, newest first (never bodies)',
        querystring: DeliveryQuery,
        response: { 200: DeliveryList, 401: ErrorBody, 404: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) =>
      trigger.deliveries(
        {
          caller: caller(req),
          ...(req.query.triggerId === undefined ? {} : { triggerId: req.query.triggerId }),
          limit: req.query.limit ?? 50,
        },
        wait(req),
      ),
  );
};
