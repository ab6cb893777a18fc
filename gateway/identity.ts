/**
 * Resolves the bearer token to a Caller. The operator token (or an open API) is the operator;
 * SVC_IDENTITIES tokens are seats, each with its author kind and workspace. Routes read
 * `req.caller`; nothing a request body says about its author is ever consulted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { OPERATOR, type Caller } from '../schemas/identity.js';
import type { Config } from '../schemas/config.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling; undefined only on public routes called without a known token. */
    caller: Caller | undefined;
  }
}

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

export type Authenticate = (req: FastifyRequest) => Caller | undefined;

/** Compares digests in constant time so timing says nothing about any token. */
export function authenticator(config: Config): Authenticate {
  const table: { digest: Buffer; caller: Caller }[] = [];
  if (config.token !== undefined) table.push({ digest: digest(config.token), caller: OPERATOR });
  for (const id of config.identities) {
    table.push({ digest: digest(id.token), caller: Object.freeze({ kind: 'seat', seat: id.seat, authorKind: id.kind, workspace: id.workspace }) });
  }
  const open = config.token === undefined;
  return (req) => {
    const presented = bearer(req);
    if (presented !== undefined) {
      const d = digest(presented);
      let found: Caller | undefined;
      for (const row of table) if (timingSafeEqual(d, row.digest)) found = row.caller;
      if (found) return found;
    }
    // An open API (no operator token) treats any caller it cannot name as the operator.
    return open ? OPERATOR : undefined;
  };
}

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const m = /^Bearer ([^\s]+)$/i.exec(header.trim());
  return m?.[1];
}
