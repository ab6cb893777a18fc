/**
 * Which failures are outages and which are answers. An outage (the store or the bus cannot be
 * reached, a connection dropped, a worker did not answer in time) says nothing about the command:
 * it is retried, with capped backoff, for as long as the outage lasts, so accepted work survives
 * any outage. Which AppErrors are outages the error catalogue says (`retryable`); any other
 * AppError is the command's answer: it ends the command. Anything else is a failure the bus
 * cannot read (a bug, a bad row): retried a bounded number of times, then dead-lettered.
 */
import { isAppError } from '../schemas/errors.js';

export type Failure = 'outage' | 'terminal' | 'unknown';

/** Node's socket errors and PostgreSQL's connection, shutdown and resource classes. */
const NET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ENOTFOUND',
  'ECONNABORTED',
]);
const PG_OUTAGE = /^(08|53|57P0[1-4]|40001|40P01)/;
const OUTAGE_TEXT =
  /Connection terminated|connection is closed|Connection ended|Timeout acquiring a connection|timeout exceeded when trying to connect|the database system is (shutting down|starting up)|Client has encountered a connection error/i;

function looksLikeOutage(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; name?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string' && (NET_CODES.has(e.code) || PG_OUTAGE.test(e.code))) return true;
  if (e.name === 'ConnectionException') return true;
  if (typeof e.message === 'string' && OUTAGE_TEXT.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((x) => looksLikeOutage(x, depth + 1))) return true;
  return looksLikeOutage(e.cause, depth + 1);
}

export function classify(err: unknown): Failure {
  if (isAppError(err)) return err.terminal ? 'terminal' : 'outage';
  return looksLikeOutage(err) ? 'outage' : 'unknown';
}
