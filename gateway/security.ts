/**
 * Authentication, CORS and content-type rules, applied before any route runs: with
 * SVC_ORCH_TOKEN every route but the public ones needs the bearer token; only the origins of
 * SVC_ORCH_CORS_ORIGINS may read a response (no wildcard); a body needs JSON. In order: an open
 * API's localhost rule and 401 before anything else, then 415 before any parsing.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import { AppError } from '../schemas/errors.js';
import type { Config } from '../schemas/config.js';
import { authenticator } from '../identity/authenticate.js';
import { openApiRefusal } from './localhost.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const byToken = authenticator(config);
  const authenticate = (req: FastifyRequest) => byToken(bearer(req));
  app.decorateRequest('caller', undefined);
  // First of all: without a token every caller is the operator (gateway/localhost.ts). Public
  // routes never asked for the token, so its absence changes nothing for them either.
  if (config.token === undefined) {
    app.addHook('onRequest', (req, _reply, done) => done(req.routeOptions.config?.public ? undefined : openApiRefusal(req)));
  }
  // Ahead of the CORS plugin, which answers any OPTIONS carrying an Origin as a preflight: only a
  // true preflight (Origin and Access-Control-Request-Method) goes without the token.
  // Callback hooks, not async ones: they run on every request and never wait for anything.
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.method !== 'OPTIONS' || isPreflight(req)) return done();
    req.caller = authenticate(req);
    done(req.caller ? undefined : new AppError('unauthorized'));
  });

  // Only listed origins get allow headers; an unlisted origin's preflight gets none.
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    maxAge: 600,
    strictPreflight: false,
  });

  app.addHook('onRequest', (req, _reply, done) => {
    if (req.method === 'OPTIONS') return done(); // checked above; preflights carry no credentials by design
    req.caller = authenticate(req);
    if (!req.caller && !req.routeOptions.config?.public) return done(new AppError('unauthorized'));
    if (BODY_METHODS.has(req.method) && hasBody(req) && !req.routeOptions.config?.rawBody && !isJson(req)) {
      return done(new AppError('content_type_must_be_json'));
    }
    done();
  });
}

/** A CORS preflight names the method it asks about; any other OPTIONS is an ordinary request. */
function isPreflight(req: FastifyRequest): boolean {
  return req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;
}

function hasBody(req: FastifyRequest): boolean {
  const len = req.headers['content-length'];
  if (len !== undefined) return Number(len) > 0;
  return req.headers['transfer-encoding'] !== undefined;
}

function isJson(req: FastifyRequest): boolean {
  const type = req.headers['content-type'];
  if (typeof type !== 'string') return false;
  return type.split(';')[0]!.trim().toLowerCase() === 'application/json';
}

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return m?.[1];
}
