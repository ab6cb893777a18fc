/**
 * Authentication, CORS and content-type rules of spec 002 ("Authentication", rules 1-4),
 * applied before any route runs: 401 before anything else, then 415 before any parsing.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import { AppError } from '../schemas/errors.js';
import type { Config } from '../schemas/config.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Only listed origins get allow headers; an unlisted origin's preflight gets none.
  const allowed = new Set(config.corsOrigins);
  await app.register(cors, {
    origin: (origin, cb) => cb(null, origin !== undefined && allowed.has(origin)),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['authorization', 'content-type', 'idempotency-key'],
    maxAge: 600,
    strictPreflight: false,
  });

  const expected = config.token === undefined ? undefined : digest(config.token);
  app.addHook('onRequest', async (req) => {
    if (req.method === 'OPTIONS') return; // preflights carry no credentials by design
    if (expected && !req.routeOptions.config?.public && !bearerMatches(req, expected)) {
      throw new AppError('unauthorized');
    }
    if (BODY_METHODS.has(req.method) && hasBody(req) && !req.routeOptions.config?.rawBody && !isJson(req)) {
      throw new AppError('content_type_must_be_json');
    }
  });
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** Compares digests so the comparison time says nothing about the token. */
function bearerMatches(req: FastifyRequest, expected: Buffer): boolean {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return false;
  const m = /^Bearer ([^\s]+)$/i.exec(header.trim());
  if (!m || m[1] === undefined) return false;
  return timingSafeEqual(digest(m[1]), expected);
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
