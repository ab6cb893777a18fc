/**
 * Per-tool state of a server as one seat sees it (or the workspace level when no seat is
 * named): the catalog joined with the rules of the server's owner namespace.
 */
import type { ServerListing, ToolState } from '../../schemas/mcp.js';
import { DEFAULT_MAX_CONCURRENCY, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from '../../schemas/mcp.js';
import type { McpContext, ServerEntry } from './context.js';
import { reportingLine, resolveTool, type Resolution } from './rules.js';
import { callRules, catalog, rules, type CatalogTool } from './store.js';
import { orgOf } from '../../runtime/org.js';

/** One tool as one seat sees it, for a call, with the inputSchema the server published for it:
 * undefined when the server's catalog does not list it. */
export async function toolState(
  ctx: McpContext,
  s: ServerEntry,
  seat: string | undefined,
  tool: string,
): Promise<(Resolution & { inputSchema: unknown }) | undefined> {
  const { found, inputSchema, rules: rs } = await callRules(ctx.deps.store, s.owner, s.config.id, tool);
  return found ? { ...resolveTool(rs, tool, reportingLine(orgOf(ctx.deps), seat)), inputSchema } : undefined;
}

export async function toolStates(
  ctx: McpContext,
  s: ServerEntry,
  seat: string | undefined,
): Promise<{ states: ToolState[]; tools: CatalogTool[]; refreshedAt: Date | undefined }> {
  const [cat, rs] = await Promise.all([catalog(ctx.deps.store, s.owner, s.config.id), rules(ctx.deps.store, s.owner, s.config.id)]);
  const line = reportingLine(orgOf(ctx.deps), seat);
  const tools = cat?.tools ?? [];
  const states = tools.map((t): ToolState => {
    const r = resolveTool(rs, t.name, line);
    return {
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      state: r.state,
      effect: r.effect,
      classified: r.classified,
      ...(r.mode ? { mode: r.mode } : {}),
      ...(r.decidedBy ? { decidedBy: r.decidedBy } : {}),
    };
  });
  return { states, tools, refreshedAt: cat?.refreshedAt };
}

export async function listing(ctx: McpContext, s: ServerEntry, seat: string | undefined, callerOwner: string): Promise<ServerListing> {
  const { states, refreshedAt } = await toolStates(ctx, s, seat);
  const c = s.config;
  return {
    id: c.id,
    ...(c.title === undefined ? {} : { title: c.title }),
    transport: c.transport,
    ...(c.url === undefined ? {} : { url: c.url }),
    origin: s.origin,
    owned: s.owner !== '' && s.owner === callerOwner,
    ...(c.auth === undefined ? {} : { auth: c.auth }),
    timeoutMs: c.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxResponseBytes: c.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    maxConcurrency: c.maxConcurrency ?? DEFAULT_MAX_CONCURRENCY,
    refreshedAt: refreshedAt?.toISOString() ?? null,
    tools: states,
    blockedCount: states.filter((t) => t.state !== 'allowed').length,
  };
}
