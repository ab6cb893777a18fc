/**
 * MCP scopes: whose rules a caller may borrow with `as` (on `/mcp/call`, `/mcp/servers` and
 * `/mcp/tools`) and who may change what is attached. The operator may act as any seat; a person
 * as a seat of their own workspace (SVC_IDENTITIES says which); an agent, or a person with no
 * workspace, only as itself. Otherwise a denied seat could slip its rules by naming another, or
 * read what another seat may do.
 */
import { AppError } from '../schemas/errors.js';
import type { IdentityConfig } from '../schemas/identity.js';
import type { Caller } from './caller.js';

export function mayActAs(identities: readonly IdentityConfig[], caller: Caller, seat: string): boolean {
  if (seat === caller.seat || caller.kind === 'operator') return true;
  if (caller.authorKind !== 'human' || caller.workspace === undefined) return false;
  return identities.some((i) => i.seat === seat && i.workspace === caller.workspace);
}

export function requireActAs(identities: readonly IdentityConfig[], caller: Caller | undefined, seat: string | undefined): void {
  if (caller === undefined || seat === undefined || mayActAs(identities, caller, seat)) return;
  throw new AppError('mcp_scope_forbidden', { message: `${caller.seat} may not act as ${seat}` });
}

/** Attach, detach, rules and secrets are decisions for the operator or a person, never an agent. */
export function requireHuman(caller: Caller): void {
  if (caller.kind === 'operator' || caller.authorKind === 'human') return;
  throw new AppError('mcp_scope_forbidden', {
    message: `seat ${caller.seat} is an agent: attaching servers, changing tool rules and storing secrets need the operator or a person`,
  });
}

/** Which servers a workspace sees: the operator's (owner '') and its own. */
export function maySeeServer(owner: string, workspace: string | undefined): boolean {
  return owner === '' || owner === (workspace ?? '');
}
