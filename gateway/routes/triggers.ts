import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '../../schemas/errors.js';
import {
  CreateTriggerBody, DeliveryList, DeliveryQuery, EpochReply, TriggerDeleted, TriggerEnabledBody, TriggerIdBody, TriggerList, TriggerMinted, TriggerReply,
} from '../../schemas/triggers.js';
import { createTrigger, deleteTrigger, listDeliveries, listTriggers, rotateTrigger, setEnabled } from '../../actors/trigger/index.js';
import { OPERATOR, type Caller } from '../../identity/caller.js';
import { createAudit } from '../../runtime/audit.js';
import type { GatewayDeps } from '../types.js';

/**
 * Trigger records and the epoch (spec 001 trigger routes, `POST /epoch`). Records are rows the
 * trigger module reads and writes (actors/trigger/records.ts holds the rules: sealing, who may
 * name which principal); the epoch runs on a worker (`trigger.epoch`). A secret appears in the
 * create and rotate replies only, never in a listing or a log line.
 */
export const triggerRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const rd = { config: deps.config, store: deps.store, audit: createAudit({ store: deps.store, bus: deps.bus, log: deps.log }) };
  const caller = (req: FastifyRequest): Caller => req.caller ?? OPERATOR;
  const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody };

  app.get('/flows/triggers', {
    schema: { tags: ['triggers'], summary: 'webhook triggers (never the secret)', response: { 200: TriggerList, 401: ErrorBody } },
  }, async (req) => ({ triggers: await listTriggers(rd, caller(req)) }));

  app.post('/flows/triggers', {
    schema: { tags: ['triggers'], summary: 'mint a webhook trigger; the secret is shown this once', body: CreateTriggerBody, response: { 200: TriggerMinted, ...errors } },
  }, async (req) => createTrigger(rd, caller(req), req.body, req.id));

  app.post('/flows/triggers/rotate', {
    schema: { tags: ['triggers'], summary: 'new secret; the old one stops verifying at once', body: TriggerIdBody, response: { 200: TriggerMinted, ...errors } },
  }, async (req) => rotateTrigger(rd, caller(req), req.body.id, req.id));

  app.post('/flows/triggers/enabled', {
    schema: { tags: ['triggers'], summary: 'enable or disable a trigger', body: TriggerEnabledBody, response: { 200: TriggerReply, ...errors } },
  }, async (req) => ({ trigger: await setEnabled(rd, caller(req), req.body.id, req.body.enabled, req.id) }));

  app.post('/flows/triggers/delete', {
    schema: { tags: ['triggers'], summary: 'remove a trigger', body: TriggerIdBody, response: { 200: TriggerDeleted, ...errors } },
  }, async (req) => {
    await deleteTrigger(rd, caller(req), req.body.id, req.id);
    return { id: req.body.id, deleted: true as const };
  });

  app.get('/flows/triggers/deliveries', {
    schema: { tags: ['triggers'], summary: 'delivery log, newest first (never bodies)', querystring: DeliveryQuery, response: { 200: DeliveryList, 401: ErrorBody, 404: ErrorBody } },
  }, async (req) => ({ deliveries: await listDeliveries(rd, caller(req), req.query.triggerId, req.query.limit ?? 50) }));

  app.post('/epoch', {
    schema: { tags: ['triggers'], summary: 'stream allowances through the chain port, then fire every trigger: epoch flow', response: { 200: EpochReply, 401: ErrorBody, 503: ErrorBody, 504: ErrorBody } },
  }, async (req) => deps.bus.call<EpochReply>('trigger', 'epoch', { by: req.caller?.seat ?? 'operator' }, { traceId: req.id, timeoutMs: 30_000 }));
};
