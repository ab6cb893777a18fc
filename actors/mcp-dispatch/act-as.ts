/**
 * Whose rules a caller may borrow with `as` (on `/mcp/call`, `/mcp/servers` and `/mcp/tools`):
 * the operator any seat's; a person a seat of their own workspace (SVC_IDENTITIES says which);
 * an agent, or a person with no workspace, only their own. Otherwise a denied seat could slip its
 * rules by naming another, or read what another seat may do.
 */
import { AppError } from '../../schemas/errors.js';
import type { CallerScope } from '../../schemas/mcp.js';
import type { McpContext } from './context.js';

export function mayActAs(ctx: McpContext, caller: CallerScope, seat: string): boolean {
  if (seat === caller.seat || caller.kind === 'operator') return true;
  if (caller.authorKind !== 'human' || caller.workspace === undefined) return false;
  return ctx.deps.config.identities.some((i) => i.seat === seat && i.workspace === caller.workspace);
}

export function requireActAs(ctx: McpContext, caller: CallerScope | undefined, seat: string | undefined): void {
  if (caller === undefined || seat === undefined || mayActAs(ctx, caller, seat)) return;
  throw new AppError('mcp_scope_forbidden', { message: `${caller.seat} may not act as ${seat}` });
}
