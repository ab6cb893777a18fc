/**
 * Resolves a bearer token to a Caller. The operator token (or an open API) is the operator;
 * SVC_IDENTITIES tokens are seats, each with its author kind and workspace. Nothing a request
 * body says about its author is ever consulted.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Config } from '../schemas/config.js';
import { OPERATOR, type Caller } from './caller.js';

function digest(s: string): Buffer {
  return createHash('sha256').update(s).digest();
}

/** `presented` is the bearer token of the request, if any. */
export type Authenticate = (presented: string | undefined) => Caller | undefined;

/** Compares digests in constant time so timing says nothing about any token. */
export function authenticator(config: Config): Authenticate {
  const table: { digest: Buffer; caller: Caller }[] = [];
  if (config.token !== undefined) table.push({ digest: digest(config.token), caller: OPERATOR });
  for (const id of config.identities) {
    table.push({
      digest: digest(id.token),
      caller: Object.freeze({ kind: 'seat', seat: id.seat, authorKind: id.kind, workspace: id.workspace }),
    });
  }
  const open = config.token === undefined;
  return (presented) => {
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
