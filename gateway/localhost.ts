/**
 * "SVC_ORCH_TOKEN unset means open, for localhost use", made literal. An open API
 * makes every caller the operator, who may attach a stdio MCP server: a shell. So without
 * SVC_ORCH_TOKEN a request is served only when it comes from this machine and was meant for it.
 * The socket's address alone is not enough: a page on a DNS-rebinding domain reaches us from the
 * user's own browser, on loopback, and gives itself away by its Host (its own name) and Origin.
 * Narrowing the bind address would not stop that page, which arrives on loopback; these checks do.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../schemas/errors.js';

const SET_TOKEN = 'set SVC_ORCH_TOKEN to serve other hosts';
const LOCAL_HOST = /^(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;
const LOCAL_ORIGIN = /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d{1,5})?$/i;
// A proxy on this machine relays other hosts' requests from a loopback socket.
const RELAYED = ['forwarded', 'x-forwarded-for', 'x-real-ip'] as const;

/** 127.0.0.0/8 and ::1, as the socket reports them (an IPv4 caller of a dual-stack socket is ::ffff:a.b.c.d). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  if (address === '::1') return true;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}

export function isLocalHostHeader(host: string | undefined): boolean {
  return host !== undefined && LOCAL_HOST.test(host);
}

export function isLocalOrigin(origin: string): boolean {
  return LOCAL_ORIGIN.test(origin);
}

/** Why an open API refuses this request, or undefined when it is served. */
export function openApiRefusal(req: FastifyRequest): AppError | undefined {
  if (!isLoopback(req.socket.remoteAddress) || RELAYED.some((h) => req.headers[h] !== undefined)) {
    return new AppError('unauthorized', {
      message: `SVC_ORCH_TOKEN is not set, so the API serves only callers on this machine (loopback); ${SET_TOKEN}`,
    });
  }
  if (!isLocalHostHeader(req.headers.host)) {
    return new AppError('host_not_allowed', {
      message: `SVC_ORCH_TOKEN is not set, so the API answers only requests addressed to localhost, 127.0.0.1 or [::1] (any port); ${SET_TOKEN}`,
    });
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !isLocalOrigin(origin)) {
    return new AppError('origin_not_allowed', {
      message: `SVC_ORCH_TOKEN is not set, so the API answers only pages served from localhost, 127.0.0.1 or [::1]; ${SET_TOKEN}`,
    });
  }
  return undefined;
}
