/**
 * Builds the Fastify app: security rules, the strict JSON parser, one error handler, the
 * OpenAPI document generated from the TypeBox schemas, then one plugin per URL prefix
 * (routes/<prefix>.ts).
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { registerSecurity } from './security.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandling } from './errors.js';
import { registerJsonParser } from './json.js';
import { closeQueryStrings } from './query.js';
import { finishDocument, type Doc } from './openapi.js';
import { asyncApiDocument } from './asyncapi.js';
import { healthRoutes } from './routes/health.js';
import { usageRoutes } from './routes/usage.js';
import { opsRoutes } from './routes/ops.js';
import { eventRoutes } from './routes/events.js';
import { hookRoutes } from './routes/hooks.js';
import { triggerRoutes } from './routes/triggers.js';
import { epochRoutes } from './routes/epoch.js';
import { intentRoutes } from './routes/intents.js';
import { rootAuthRoutes } from './routes/root-auth.js';
import { sessionAdminRoutes } from './routes/session-admin.js';
import { governanceRoutes } from './routes/governance.js';
import { mcpRoutes } from './routes/mcp.js';
import { mcpOAuthRoutes } from './routes/mcp-oauth.js';
import { mcpServeRoutes } from './routes/mcp-serve.js';
import { connectorRoutes } from './routes/connectors.js';
import { modelRoutes } from './routes/model.js';
import { gateRoutes } from './routes/gates.js';
import { messageRoutes } from './routes/messages.js';
import { flowRoutes } from './routes/flows.js';
import { evalRoutes } from './routes/evals.js';
import { runRoutes } from './routes/runs.js';
import { agentRoutes } from './routes/agents.js';
import { dlqRoutes } from './routes/dlq.js';
import { heartbeatRoutes } from './routes/heartbeats.js';
import { budgetRoutes } from './routes/budgets.js';
import { chainRoutes } from './routes/chain.js';
import { walletRoutes } from './routes/wallets.js';
import { whoamiRoutes } from './routes/whoami.js';
import { uiRoutes } from './routes/ui.js';
import { metricsRoutes } from './routes/metrics.js';
import { registerRateLimits } from './rate-limit.js';
import { observeHttp } from '../kernel/metrics.js';
import type { GatewayDeps } from './types.js';
import { registerTracing } from './tracing.js';
import { VERSION } from '../runtime/version.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

export async function buildGateway(deps: GatewayDeps): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    bodyLimit: deps.config.bodyLimitBytes,
    // A caller may name its request id for tracing; anything odd is replaced, never logged raw.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  registerTracing(app);
  // Set first, before any hook may refuse the request; error replies keep it. A callback hook:
  // this runs on every request, and a promise per request for one header is waste.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  registerErrorHandling(app, { storeReady: async () => (await deps.health()).db.ready });
  registerJsonParser(app);
  closeQueryStrings(app);
  await registerSecurity(app, deps.config);
  // After the caller is known (the API's limit is per seat), before any route is declared.
  await registerRateLimits(app, deps);
  if (deps.config.metrics.enabled) {
    // The route pattern, never the URL: ids in paths would make a series per run.
    app.addHook('onResponse', (req, reply, done) => {
      observeHttp(req.routeOptions.url, req.method, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'svc orchestrator', version: VERSION },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    // Shared schemas keep their own names ($id), so generated clients get `RunView`, not `def-1`.
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transformObject: (documentObject) => finishDocument((documentObject as { openapiObject: Doc }).openapiObject) as never,
  });

  await app.register(healthRoutes, { deps });
  await app.register(metricsRoutes, { deps });
  await app.register(usageRoutes, { deps });
  await app.register(budgetRoutes, { deps });
  await app.register(opsRoutes, { deps });
  await app.register(eventRoutes, { deps });
  await app.register(hookRoutes, { deps });
  await app.register(triggerRoutes, { deps });
  await app.register(epochRoutes, { deps });
  await app.register(intentRoutes, { deps });
  await app.register(rootAuthRoutes, { deps });
  await app.register(sessionAdminRoutes, { deps });
  await app.register(governanceRoutes, { deps });
  await app.register(mcpRoutes, { deps });
  await app.register(mcpOAuthRoutes, { deps });
  await app.register(mcpServeRoutes, { deps });
  await app.register(flowRoutes, { deps });
  await app.register(evalRoutes, { deps });
  await app.register(runRoutes, { deps });
  await app.register(agentRoutes, { deps });
  await app.register(connectorRoutes, { deps });
  await app.register(modelRoutes, { deps });
  await app.register(gateRoutes, { deps });
  await app.register(messageRoutes, { deps });
  await app.register(heartbeatRoutes, { deps });
  await app.register(dlqRoutes, { deps });
  await app.register(chainRoutes, { deps });
  await app.register(walletRoutes, { deps });
  await app.register(whoamiRoutes, { deps });
  await app.register(uiRoutes, { deps });

  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  // Built once: it depends only on the schemas and the bus prefix.
  const asyncApi = asyncApiDocument({ prefix: deps.config.busPrefix, version: VERSION });
  app.get('/asyncapi.json', { schema: { hide: true } }, async () => asyncApi);
  return app;
}
