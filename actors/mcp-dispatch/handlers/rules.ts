/**
 * Tool rules (`PUT /mcp/servers/tools`) and the tool list a seat may call (`GET /mcp/tools`).
 * A rule lives in the namespace of the server's owner; only that scope may write it. `enabled`
 * omitted clears the rule at that scope; a wildcard may only narrow; `effect` is workspace-only.
 */
import type { HandlerContext } from '../../../bus/types.js';
import { AppError } from '../../../schemas/errors.js';
import type { ListedTool, RuleChange, ToolRule, ToolsReply } from '../../../schemas/mcp.js';
import { findVisible, ownerOf, visibleServers, type McpContext } from '../context.js';
import { servedFirstParty } from '../first-party-call.js';
import { deleteRule, upsertRule, type Level } from '../store.js';
import { toolStates } from '../view.js';
import { externalName } from '../../../schemas/mcp-names.js';
import { isToolKey, ruleKey } from '../rule-keys.js';
import type { Caller } from '../../../identity/caller.js';
import { requireActAs, requireHuman } from '../../../identity/mcp.js';

export function ruleHandlers(ctx: McpContext) {
  return {
    setRule: async (h: HandlerContext, p: { caller: Caller; rule: ToolRule }): Promise<RuleChange> => {
      requireHuman(p.caller);
      const r = p.rule;
      const level: Level = r.scope?.level ?? 'workspace';
      const ref = r.scope?.ref ?? '';
      const kind = r.kind ?? 'tool';
      // Stored under its kind's key, so resources and prompts go through the tools' rule engine.
      const key = ruleKey(kind, r.tool);
      const kindField = kind === 'tool' ? {} : { kind };
      if (r.tool === '*' && r.enabled === true) {
        throw new AppError('mcp_wildcard_enable', {
          detail: `${r.server}.${key}`,
          message: `rule \`${r.server}.${key}\` cannot enable: a wildcard may only narrow`,
        });
      }
      if (kind === 'tool' && !isToolKey(r.tool))
        throw new AppError('invalid_request', {
          message: `a tool rule cannot name ${r.tool}: that is how resource and prompt rules are kept`,
        });
      if (kind !== 'tool' && (r.effect !== undefined || r.mode !== undefined))
        throw new AppError('invalid_request', { message: `a ${kind} rule takes no effect or mode: reading one is never a write` });
      if (r.effect !== undefined && level !== 'workspace')
        throw new AppError('invalid_request', { message: 'effect may be set only at workspace scope' });
      if (r.enabled === undefined && (r.effect !== undefined || r.mode !== undefined))
        throw new AppError('invalid_request', {
          message: 'a rule without enabled clears the rule at that scope; it takes no effect or mode',
        });
      const callerOwner = ownerOf(p.caller);
      const server = await findVisible(ctx, p.caller.workspace, r.server);
      const owner = server?.owner ?? callerOwner;
      if (owner !== callerOwner)
        throw new AppError('mcp_scope_forbidden', { message: `rules of server ${r.server} belong to the operator's scope` });
      const scope = r.scope ?? null;
      if (r.enabled === undefined) {
        const removed = await deleteRule(ctx.deps.store, owner, r.server, key, level, ref);
        await ctx.audit(
          'ExternalMcpToolPolicyChanged',
          {
            server: r.server,
            owner: owner || null,
            tool: r.tool,
            ...kindField,
            scope,
            change: removed ? 'cleared' : 'unchanged',
            by: p.caller.seat,
          },
          h.traceId,
        );
        return { change: removed ? 'cleared' : 'unchanged', rule: r };
      }
      await upsertRule(
        ctx.deps.store,
        { owner, server: r.server, tool: key, level, ref, enabled: r.enabled, effect: r.effect, mode: r.mode },
        p.caller.seat,
      );
      await ctx.audit(
        'ExternalMcpToolPolicyChanged',
        {
          server: r.server,
          owner: owner || null,
          tool: r.tool,
          ...kindField,
          scope,
          change: r.enabled ? 'allowed' : 'disabled',
          enabled: r.enabled,
          effect: r.effect ?? null,
          mode: r.mode ?? null,
          by: p.caller.seat,
        },
        h.traceId,
      );
      return { change: 'set', rule: r };
    },

    tools: async (_h: HandlerContext, p: { caller: Caller; as?: string }): Promise<ToolsReply> => {
      requireActAs(ctx.deps.config.identities, p.caller, p.as);
      const seat = p.as ?? p.caller.seat;
      const out: ListedTool[] = servedFirstParty().map((t) => ({
        name: t.name,
        description: t.description,
        kind: 'first-party',
        inputSchema: t.inputSchema,
        annotations: t.annotations,
      }));
      for (const s of await visibleServers(ctx, p.caller.workspace)) {
        const { states, tools } = await toolStates(ctx, s, seat);
        states.forEach((st, i) => {
          if (st.state !== 'allowed' || st.mode === 'deny') return;
          out.push({
            name: externalName(s.config.id, st.name),
            kind: 'external',
            server: s.config.id,
            tool: st.name,
            effect: st.effect,
            ...(st.description ? { description: st.description } : {}),
            ...(st.mode ? { mode: st.mode } : {}),
            ...(tools[i]?.inputSchema === undefined ? {} : { inputSchema: tools[i]!.inputSchema }),
            // The operator's classification is what svc enforces (an unclassified tool is a write). What
            // a write destroys svc cannot know, so destructiveHint is left to the protocol default.
            annotations: { readOnlyHint: st.effect === 'read', openWorldHint: true },
          });
        });
      }
      return { seat, tools: out };
    },
  };
}
