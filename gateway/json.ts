/**
 * The only body parser the gateway has: strict JSON. Every other content type is refused with
 * 415 before parsing; malformed JSON is a 400 with a code, never silently turned into {}.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../schemas/errors.js';

export function registerJsonParser(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError('invalid_json'), undefined);
    }
  });
  // Anything else that reaches parsing (only raw-body routes allow it) is read as a Buffer.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    if (!req.routeOptions.config?.rawBody) return done(new AppError('content_type_must_be_json'), undefined);
    done(null, body);
  });
}
