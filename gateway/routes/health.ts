import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health, Liveness, Readiness } from '../../schemas/health.js';
import type { GatewayDeps } from '../types.js';

/** Open route: the truth of this process. 503 when NATS or the database does not answer, so a
 * load balancer takes the pod out while the body still says which part is down. */
export const healthRoutes: FastifyPluginAsyncTypebox<{ deps: GatewayDeps }> = async (app, { deps }) => {
  // deps.health() hands out one body per probe interval; serialize each body once, not once per
  // request (the schema's literal unions make the generic serializer validate every field).
  let body: Health | undefined;
  let json = '';
  app.get(
    '/health',
    {
      // Probes hit this every few seconds; logging each one would drown the lines that matter.
      logLevel: 'warn',
      config: { public: true, rateLimit: false },
      schema: { tags: ['runtime'], summary: 'process health', response: { 200: Health, 503: Health } },
    },
    async (_req, reply) => {
      const current = await deps.health();
      if (current !== body) {
        body = current;
        json = JSON.stringify(current);
      }
      const text = json;
      return reply
        .code(current.status === 'ok' ? 200 : 503)
        .type('application/json; charset=utf-8')
        .serializer(() => text)
        .send(current);
    },
  );

  // Liveness checks nothing but that the process answers: a dependency outage must never make
  // an orchestrator restart every replica at once (restarting brings no database back).
  const live = JSON.stringify({ live: true });
  app.get(
    '/livez',
    {
      logLevel: 'warn',
      config: { public: true, rateLimit: false },
      schema: { tags: ['runtime'], summary: 'liveness: the process answers (checks no dependency)', response: { 200: Liveness } },
    },
    async (_req, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .serializer(() => live)
        .send({ live: true }),
  );

  app.get(
    '/readyz',
    {
      logLevel: 'warn',
      config: { public: true, rateLimit: false },
      schema: {
        tags: ['runtime'],
        summary: 'readiness: store and bus answer, a configured chain has answered since start, migrations applied (503 when not)',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_req, reply) => {
      const r = await deps.readiness();
      return reply.code(r.ready ? 200 : 503).send(r);
    },
  );
};
