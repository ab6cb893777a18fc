/**
 * Per-tool state of a server as one seat sees it (or the workspace level when no seat is
 * named): the catalog joined with the rules of the server's owner namespace.
 */
import type { GrantState, ServerListing, ToolState } from '../../schemas/mcp.js';
import { DEFAULT_MAX_CONCURRENCY, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from '../../schemas/mcp.js';
import type { McpContext, ServerEntry } from './context.js';
import { reportingLine, resolveRule, resolveTool, type Resolution } from './rules.js';
import { callRules, catalog, pins, rules, type CatalogTool } from './store.js';
import { orgOf } from '../../runtime/org.js';
import { isToolKey, keyKind, WILDCARD } from './rule-keys.js';

/** One tool as one seat sees it, for a call, with the inputSchema the server published for it and
 * whether its definition drifted: undefined when the server's catalog does not list it. */
export async function toolState(
  ctx: McpContext,
  s: ServerEntry,
  seat: string | undefined,
  tool: string,
): Promise<(Resolution & { inputSchema: unknown; drifted: boolean }) | undefined> {
  if (!isToolKey(tool)) return undefined;
  const { found, inputSchema, rules: rs, drifted } = await callRules(ctx.deps.store, s.owner, s.config.id, tool);
  return found ? { ...resolveTool(rs, tool, reportingLine(orgOf(ctx.deps), seat)), inputSchema, drifted } : undefined;
}

/** A refusal a rule pins stays what it says; any other state of a drifted tool shows the drift. */
function shown(state: Resolution['state'], drifted: boolean): ToolState['state'] {
  return drifted && state !== 'disabled' ? 'drifted' : state;
}

export async function toolStates(
  ctx: McpContext,
  s: ServerEntry,
  seat: string | undefined,
): Promise<{ states: ToolState[]; tools: CatalogTool[]; refreshedAt: Date | undefined; grants: GrantState[] }> {
  const [cat, rs, ps] = await Promise.all([
    catalog(ctx.deps.store, s.owner, s.config.id),
    rules(ctx.deps.store, s.owner, s.config.id),
    pins(ctx.deps.store, s.owner, s.config.id),
  ]);
  const pinned = new Map(ps.map((p) => [p.tool, p]));
  const line = reportingLine(orgOf(ctx.deps), seat);
  const tools = (cat?.tools ?? []).filter((t) => isToolKey(t.name));
  const states = tools.map((t): ToolState => {
    const r = resolveTool(rs, t.name, line);
    const pin = pinned.get(t.name);
    return {
      name: t.name,
      ...(t.description ? { description: t.description } : {}),
      state: shown(r.state, pin?.drifted === true),
      effect: r.effect,
      classified: r.classified,
      ...(r.mode ? { mode: r.mode } : {}),
      ...(r.decidedBy ? { decidedBy: r.decidedBy } : {}),
      ...(pin ? { hash: pin.seenHash } : {}),
    };
  });
  const named = new Map<string, GrantState['kind']>();
  for (const r of rs) {
    const k = keyKind(r.tool);
    if (k.kind !== 'tool' && k.name !== WILDCARD) named.set(r.tool, k.kind);
  }
  const grants = [...named].sort().map(([key, kind]): GrantState => {
    const name = keyKind(key).name;
    const g = resolveRule(rs, kind, name, line);
    return {
      kind,
      name,
      state: g.state === 'allowed' ? 'allowed' : g.state === 'disabled' ? 'disabled' : 'blocked',
      ...(g.decidedBy ? { decidedBy: g.decidedBy } : {}),
    };
  });
  return { states, tools, refreshedAt: cat?.refreshedAt, grants };
}

export async function listing(ctx: McpContext, s: ServerEntry, seat: string | undefined, callerOwner: string): Promise<ServerListing> {
  const { states, refreshedAt, grants } = await toolStates(ctx, s, seat);
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
    ...(grants.length ? { grants } : {}),
  };
}
