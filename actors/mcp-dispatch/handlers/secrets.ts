/**
 * Sealed secrets. The gateway seals the value before it enters the bus (the cleartext never
 * sits in a stream), so these verbs only see the envelope and the last four characters. A
 * secret belongs to the scope that wrote it; there is no lookup across scopes.
 */
import type { HandlerContext } from '../../../bus/types.js';
import { ownerOf, type McpContext } from '../context.js';
import { deleteSecret, putSecret, secrets } from '../store.js';
import type { Caller } from '../../../identity/caller.js';
import { requireHuman } from '../../../identity/mcp.js';
import { isOAuthRecord } from '../oauth/records.js';

export function secretHandlers(ctx: McpContext) {
  return {
    secrets: async (_h: HandlerContext, p: { caller: Caller }) => ({
      // OAuth grants share the sealed rows but are no secret of the caller's to list or clear.
      secrets: (await secrets(ctx.deps.store, ownerOf(p.caller)))
        .filter((s) => !isOAuthRecord(s.ref))
        .map((s) => ({
          ref: s.ref,
          last4: s.last4,
          updatedAt: s.updatedAt.toISOString(),
        })),
    }),

    secretSet: async (h: HandlerContext, p: { caller: Caller; ref: string; sealed: string; last4: string }) => {
      requireHuman(p.caller);
      const owner = ownerOf(p.caller);
      const replaced = await putSecret(ctx.deps.store, owner, p.ref, p.sealed, p.last4);
      await ctx.audit(
        'ExternalMcpSecretChanged',
        { ref: p.ref, owner: owner || null, last4: p.last4, change: replaced ? 'replaced' : 'stored', by: p.caller.seat },
        h.traceId,
      );
      return { ref: p.ref, last4: p.last4, replaced };
    },

    secretClear: async (h: HandlerContext, p: { caller: Caller; ref: string }) => {
      requireHuman(p.caller);
      const owner = ownerOf(p.caller);
      const gone = await deleteSecret(ctx.deps.store, owner, p.ref);
      if (gone)
        await ctx.audit(
          'ExternalMcpSecretChanged',
          { ref: p.ref, owner: owner || null, last4: gone.last4, change: 'cleared', by: p.caller.seat },
          h.traceId,
        );
      return { ref: p.ref, cleared: gone !== undefined };
    },
  };
}
