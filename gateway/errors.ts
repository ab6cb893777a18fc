/**
 * One error handler: AppError → its status and body; schema and parser faults → their codes;
 * MikroORM unique, not-found and connection faults by instanceof; any other fault while the
 * database does not answer is that outage (503 store_unavailable); anything else is logged and
 * answered 500. No status is ever recovered by matching message text.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ConnectionException, NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError, type ErrorCode } from '../schemas/errors.js';
import { ID_PATTERN, TOKEN_PATTERN } from '../schemas/text.js';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'content_type_must_be_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_BAD_URL: 'invalid_request',
  FST_ERR_ASYNC_CONSTRAINT: 'invalid_request',
};

const ID_PATTERN_MEANS = new Map<unknown, string>([
  [ID_PATTERN, 'must not hold a control character (U+0000-U+001F, U+007F)'],
  [TOKEN_PATTERN, 'must be one token: no whitespace and no control character (U+0000-U+001F, U+007F)'],
]);

export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof UniqueConstraintViolationException) return new AppError('conflict');
  if (err instanceof NotFoundError) return new AppError('record_not_found');
  if (err instanceof ConnectionException) return new AppError('store_unavailable');
  const fe = err as Partial<FastifyError>;
  if (fe.validation) {
    const first = fe.validation[0];
    // An id's pattern says nothing a reader can use; what it refuses can be said plainly.
    const id = first?.keyword === 'pattern' ? ID_PATTERN_MEANS.get(first.params?.pattern) : undefined;
    const context = fe.validationContext ?? 'request';
    const extra = first?.keyword === 'additionalProperties' ? first.params?.additionalProperty : undefined;
    if (typeof extra === 'string')
      return new AppError('invalid_request', {
        message: `${context}${first?.instancePath ?? ''} has an unknown ${context === 'querystring' ? 'parameter' : 'property'} "${extra}"`,
      });
    const what = id ?? first?.message ?? 'is invalid';
    return new AppError('invalid_request', { message: `${context}${first?.instancePath ?? ''} ${what}` });
  }
  const mapped = fe.code === undefined ? undefined : FASTIFY_CODES[fe.code];
  if (mapped) return new AppError(mapped);
  return undefined;
}

/** Faults Fastify answers before any hook or handler (a URL it cannot decode, a failed route
 * constraint): the Fastify option `frameworkErrors`, so they wear the catalogue's shape too. */
export function frameworkErrors(err: FastifyError, req: FastifyRequest, reply: FastifyReply): void {
  const appErr =
    err.code === 'FST_ERR_BAD_URL'
      ? new AppError('invalid_request', { message: 'the URL is not valid (a malformed percent-encoding)' })
      : (toAppError(err) ?? new AppError('invalid_request'));
  void reply.code(appErr.status).header('x-request-id', req.id).send(appErr.toResponseObject());
}

/** Faults Node's HTTP parser meets before Fastify sees a request (`Content-Length: abc`, an
 * oversized header block): the Fastify option `clientErrorHandler`. Without it Node's default
 * answers `{"error":"Bad Request","message":"Client Error"}`, outside the catalogue. */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  // A request that never finished arriving gets no answer; nothing was asked yet.
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT' || !socket.writable) return void socket.destroy();
  const message =
    err.code === 'HPE_HEADER_OVERFLOW' ? 'the request headers are larger than the gateway accepts' : 'the HTTP request could not be parsed';
  const body = JSON.stringify(new AppError('invalid_request', { message }).toResponseObject());
  socket.end(
    `HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

export interface ErrorHandlingOptions {
  /** Asked only after an unexpected fault: does the database answer right now? */
  storeReady?: () => Promise<boolean>;
}

export function registerErrorHandling(app: FastifyInstance, opts: ErrorHandlingOptions = {}): void {
  app.setErrorHandler(async (err, req, reply) => {
    let appErr = toAppError(err);
    // The driver's errors while PostgreSQL is away are plain Errors (a dropped socket, a pool
    // timeout); asking the store beats guessing from their text.
    if (!appErr && opts.storeReady && !(await opts.storeReady().catch(() => false))) appErr = new AppError('store_unavailable');
    if (appErr) {
      if (appErr.status >= 500)
        req.log.warn(
          { code: appErr.code, ...(appErr.code === 'store_unavailable' ? { cause: (err as Error).message?.split('\n')[0] } : {}) },
          appErr.message,
        );
      return reply.code(appErr.status).send(appErr.toResponseObject());
    }
    req.log.error({ err }, 'unhandled error');
    const internal = new AppError('internal_error');
    return reply.code(500).send(internal.toResponseObject());
  });
  app.setNotFoundHandler(async (req, reply) => {
    const e = new AppError('not_found', { message: `no route ${req.method} ${req.url.split('?')[0]}` });
    return reply.code(404).send(e.toResponseObject());
  });
}
