/**
 * The only body parser the gateway has: strict JSON. Every other content type is refused with
 * 415 before parsing; malformed JSON is a 400 with a code, never silently turned into {}.
 * Parsing is Fastify's own (secure-json-parse): a `__proto__` or `constructor.prototype` key is
 * refused as invalid JSON rather than handed to code that might merge it into an object.
 * A body holding a NUL, and a URL whose query or params decode to one, are refused before any
 * route runs (schemas/text.ts says why): one check here covers every route.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../schemas/errors.js';
import { jsonHoldsNul, nulRefused } from '../schemas/text.js';

export function registerJsonParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string;
    if (text.length === 0) return done(null, undefined);
    parse(req, text, (err, value) => {
      if (err) return done(new AppError('invalid_json'), undefined);
      if (jsonHoldsNul(text)) return done(nulRefused('the request body'), undefined);
      done(null, value);
    });
  });
  // Anything else that reaches parsing (only raw-body routes allow it) is read as a Buffer.
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (req, body, done) => {
    if (!req.routeOptions.config?.rawBody) return done(new AppError('content_type_must_be_json'), undefined);
    done(null, body);
  });
  // `%00` is the only way a NUL reaches a decoded path or query (a raw one is refused by Node's
  // parser). After the token check and parsing, before the schemas; a callback hook, as it runs
  // on every request.
  app.addHook('preValidation', (req, _reply, done) => {
    done(req.url.includes('%00') ? nulRefused('the URL') : undefined);
  });
}
