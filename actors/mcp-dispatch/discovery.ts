/**
 * Discovery: list a server's tools, diff against the stored catalog (kept across a detach, like
 * the rules), record what appeared and vanished. Nothing is admitted: a tool seen for the first
 * time under this id loses any allow rule written for it beforehand (deny rules stay), so an
 * attach or a refresh never widens what a crew may call. Each tool's definition is pinned
 * (pins.ts): an allowed tool that changes is refused until approved again.
 */
import { isAppError } from '../../schemas/errors.js';
import type { DiscoveryResult } from '../../schemas/mcp.js';
import type { McpContext, ServerEntry } from './context.js';
import { boundsFor, listAllTools, withClient } from './session.js';
import { catalog, putCatalog, revokeAllows } from './store.js';
import { pinDefinitions } from './pins.js';

export type Trigger = 'boot' | 'attach' | 'refresh' | 'sweep';

export async function discover(
  ctx: McpContext,
  s: ServerEntry,
  trigger: Trigger,
  traceId?: string,
  window?: number,
): Promise<DiscoveryResult> {
  const id = s.config.id;
  const bounds = boundsFor(s.config);
  let tools;
  try {
    tools = await withClient(ctx.session, s, bounds, (client, signal) => listAllTools(client, signal, bounds.timeoutMs));
  } catch (err) {
    const error = isAppError(err) ? err.wireCode : 'mcp_server_unreachable';
    ctx.deps.log.warn({ server: id, owner: s.owner || undefined, trigger, error }, `mcp discovery of ${id} failed`);
    await ctx.audit(
      'ExternalMcpDiscovered',
      {
        server: id,
        owner: s.owner || null,
        trigger,
        ok: false,
        error,
        added: [],
        removed: [],
        ...(window === undefined ? {} : { window }),
      },
      traceId,
    );
    return { server: id, ok: false, added: [], removed: [], unchanged: [], error };
  }
  const before = new Set((await catalog(ctx.deps.store, s.owner, id))?.tools.map((t) => t.name) ?? []);
  const now = new Set(tools.map((t) => t.name));
  const added = [...now].filter((n) => !before.has(n)).sort();
  const removed = [...before].filter((n) => !now.has(n)).sort();
  const unchanged = [...now].filter((n) => before.has(n)).sort();
  const revoked = await revokeAllows(ctx.deps.store, s.owner, id, added);
  // Pins before the catalog: a call that reads the new catalog entry already meets the drift.
  const drifted = await pinDefinitions(ctx, s, tools, trigger, traceId, window);
  await putCatalog(
    ctx.deps.store,
    s.owner,
    id,
    tools.map((t) => ({ name: t.name, ...(t.description ? { description: t.description } : {}), inputSchema: t.inputSchema })),
  );
  for (const r of revoked) {
    await ctx.audit(
      'ExternalMcpToolPolicyChanged',
      {
        server: id,
        owner: s.owner || null,
        tool: r.tool,
        scope: r.level === 'workspace' ? null : { level: r.level, ref: r.ref },
        change: 'revoked_on_discovery',
        enabled: null,
      },
      traceId,
    );
  }
  if (added.length)
    ctx.deps.log.info(
      { server: id, owner: s.owner || undefined, trigger, newBlocked: added.length },
      `mcp discovery: ${added.length} new tool(s) of ${id} recorded blocked`,
    );
  await ctx.audit(
    'ExternalMcpDiscovered',
    {
      server: id,
      owner: s.owner || null,
      trigger,
      ok: true,
      added,
      removed,
      unchangedCount: unchanged.length,
      ...(window === undefined ? {} : { window }),
    },
    traceId,
  );
  return { server: id, ok: true, added, removed, unchanged, ...(drifted.length ? { drifted } : {}) };
}
