/**
 * A tool's pinned definition as an operator reviews it (`diff`: the approved definition beside the
 * one last seen, field by field) and re-admits it (`approve`: the definition last seen becomes the
 * approved one and the drift clears). Both read the pins of the server's owner namespace, so a
 * server another workspace owns is answered like a missing one; only its owner's scope approves.
 */
import type { HandlerContext } from '../../../bus/types.js';
import { AppError } from '../../../schemas/errors.js';
import type { ApproveReply, DefinitionDiff } from '../../../schemas/mcp.js';
import { findVisible, ownerOf, type McpContext } from '../context.js';
import { changedFields } from '../definition.js';
import { pins, updatePin, type PinRow } from '../store.js';
import type { Caller } from '../../../identity/caller.js';
import { requireHuman } from '../../../identity/mcp.js';

interface ToolRef {
  caller: Caller;
  server: string;
  tool: string;
}

function unknownTool(server: string, tool: string): AppError {
  return new AppError('unknown_external_mcp_tool', {
    detail: `${server}.${tool}`,
    message: `no pinned definition of ${tool} on a server ${server} visible to this caller (svc mcp refresh pins what a server publishes)`,
  });
}

async function pinOf(ctx: McpContext, p: ToolRef): Promise<{ owner: string; pin: PinRow }> {
  const s = await findVisible(ctx, p.caller.workspace, p.server);
  if (!s) throw unknownTool(p.server, p.tool);
  const pin = (await pins(ctx.deps.store, s.owner, p.server)).find((x) => x.tool === p.tool);
  if (!pin) throw unknownTool(p.server, p.tool);
  return { owner: s.owner, pin };
}

export function pinHandlers(ctx: McpContext) {
  return {
    diff: async (_h: HandlerContext, p: ToolRef): Promise<DefinitionDiff> => {
      const { pin } = await pinOf(ctx, p);
      return {
        server: p.server,
        tool: p.tool,
        drifted: pin.drifted,
        driftedAt: pin.driftedAt?.toISOString() ?? null,
        approved: { hash: pin.approvedHash, at: pin.approvedAt.toISOString(), by: pin.approvedBy, definition: pin.approvedDefinition },
        seen: { hash: pin.seenHash, at: pin.seenAt.toISOString(), definition: pin.seenDefinition },
        changes: changedFields(pin.approvedDefinition, pin.seenDefinition),
      };
    },

    approve: async (h: HandlerContext, p: ToolRef & { hash?: string }): Promise<ApproveReply> => {
      requireHuman(p.caller);
      const { owner, pin } = await pinOf(ctx, p);
      if (owner !== ownerOf(p.caller))
        throw new AppError('mcp_scope_forbidden', { message: `definitions of server ${p.server} belong to the operator's scope` });
      if (p.hash !== undefined && p.hash !== pin.seenHash)
        throw new AppError('conflict', {
          message: `${p.server}.${p.tool} now publishes ${pin.seenHash}, not ${p.hash}: review svc mcp diff ${p.server}.${p.tool} again`,
        });
      if (!pin.drifted && pin.approvedHash === pin.seenHash)
        return { server: p.server, tool: p.tool, change: 'unchanged', hash: pin.approvedHash };
      const approved = await updatePin(
        ctx.deps.store,
        owner,
        p.server,
        p.tool,
        { approvedHash: pin.approvedHash, seenHash: pin.seenHash },
        {
          approvedHash: pin.seenHash,
          approvedDefinition: pin.seenDefinition,
          approvedAt: new Date(),
          approvedBy: p.caller.seat,
          drifted: false,
          driftedAt: null,
        },
      );
      if (!approved)
        throw new AppError('conflict', {
          message: `${p.server}.${p.tool} changed while it was being approved: review svc mcp diff ${p.server}.${p.tool} again`,
        });
      await ctx.audit(
        'ExternalMcpToolPolicyChanged',
        {
          server: p.server,
          owner: owner || null,
          tool: p.tool,
          scope: null,
          change: 'definition_approved',
          hash: pin.seenHash,
          previousHash: pin.approvedHash,
          by: p.caller.seat,
        },
        h.traceId,
      );
      return { server: p.server, tool: p.tool, change: 'approved', hash: pin.seenHash };
    },
  };
}
