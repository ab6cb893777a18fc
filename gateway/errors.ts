/**
 * One error handler: AppError → its status and body; schema and parser faults → their codes;
 * MikroORM unique and not-found faults by instanceof; anything else is logged and answered 500.
 * No status is ever recovered by matching message text.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { NotFoundError, UniqueConstraintViolationException } from '@mikro-orm/core';
import { AppError, type ErrorCode } from '../schemas/errors.js';

const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'content_type_must_be_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'invalid_request',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'invalid_json',
  FST_ERR_BAD_URL: 'invalid_request',
  FST_ERR_ASYNC_CONSTRAINT: 'invalid_request',
};

export function toAppError(err: unknown): AppError | undefined {
  if (err instanceof AppError) return err;
  if (err instanceof UniqueConstraintViolationException) return new AppError('conflict');
  if (err instanceof NotFoundError) return new AppError('record_not_found');
  const fe = err as Partial<FastifyError>;
  if (fe.validation) {
    return new AppError('invalid_request', { message: `${fe.validationContext ?? 'request'}${fe.validation[0]?.instancePath ?? ''} ${fe.validation[0]?.message ?? 'is invalid'}` });
  }
  const mapped = fe.code === undefined ? undefined : FASTIFY_CODES[fe.code];
  if (mapped) return new AppError(mapped);
  return undefined;
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (err, req, reply) => {
    const appErr = toAppError(err);
    if (appErr) {
      if (appErr.status >= 500) req.log.warn({ code: appErr.code }, appErr.message);
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
