import { traceIdOf } from '../tracing.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ErrorBody } from '../../schemas/error-body.js';
import {
  CrewBody,
  EnabledBody,
  HeartbeatBody,
  HeartbeatDeleted,
  HeartbeatList,
  HeartbeatView,
  TickList,
  TicksQuery,
  TickView,
} from '../../schemas/heartbeats.js';
import { OPERATOR } from '../../identity/caller.js';
import { clientOf } from '../../bus/verbs.js';
import type { GatewayDeps } from '../types.js';

/** `/heartbeats*` (docs/heartbeats.md): every route asks the heartbeat actor, which holds the
 * rules (actors/heartbeat/records.ts) and who may see which heartbeat (identity/heartbeats.ts). */
export const heartbeatRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  const heartbeat = clientOf(deps.bus, 'heartbeat');
  const caller = (req: FastifyRequest) => req.caller ?? OPERATOR;
  const wait = (req: FastifyRequest, timeoutMs = 15_000) => ({ traceId: traceIdOf(req), timeoutMs });
  const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 503: ErrorBody, 504: ErrorBody };

  app.get(
    '/heartbeats',
    {
      schema: {
        tags: ['heartbeats'],
        summary: 'every heartbeat visible to the caller with its last tick, the named cadence presets and the cadence floor',
        response: { 200: HeartbeatList, 401: ErrorBody, 504: ErrorBody },
      },
    },
    async (req) => heartbeat.list({ caller: caller(req) }, wait(req)),
  );

  app.post(
    '/heartbeats',
    {
      schema: {
        tags: ['heartbeats'],
        summary:
          'saves a heartbeat (CrewHeartbeatChanged); unknown ids, a bad schedule, zone or HH:MM and a cadence under the floor are refused',
        body: HeartbeatBody,
        response: { 200: HeartbeatView, ...errors },
      },
    },
    async (req) => heartbeat.save({ caller: caller(req), heartbeat: req.body.heartbeat }, wait(req)),
  );

  app.post(
    '/heartbeats/enabled',
    {
      schema: {
        tags: ['heartbeats'],
        summary: 'enable or disable a heartbeat',
        body: EnabledBody,
        response: { 200: HeartbeatView, ...errors },
      },
    },
    async (req) => heartbeat.enable({ caller: caller(req), crewId: req.body.crewId, enabled: req.body.enabled }, wait(req)),
  );

  app.post(
    '/heartbeats/delete',
    {
      schema: {
        tags: ['heartbeats'],
        summary: 'removes a heartbeat (deleted: false when none is visible); its ledger stays',
        body: CrewBody,
        response: { 200: HeartbeatDeleted, ...errors },
      },
    },
    async (req) => heartbeat.delete({ caller: caller(req), crewId: req.body.crewId }, wait(req)),
  );

  app.post(
    '/heartbeats/run',
    {
      schema: {
        tags: ['heartbeats'],
        summary: 'works the checklist now under its own window key (never the scheduled one) and answers with the tick',
        body: CrewBody,
        response: { 200: TickView, ...errors },
      },
    },
    async (req) => heartbeat.run({ caller: caller(req), crewId: req.body.crewId }, wait(req, 120_000)),
  );

  app.get(
    '/heartbeats/ticks',
    {
      schema: {
        tags: ['heartbeats'],
        summary: 'the tick ledger, newest first: every window and what became of it',
        querystring: TicksQuery,
        response: { 200: TickList, ...errors },
      },
    },
    async (req) =>
      heartbeat.ticks(
        { caller: caller(req), ...(req.query.crewId === undefined ? {} : { crewId: req.query.crewId }), limit: req.query.limit ?? 50 },
        wait(req),
      ),
  );
};
