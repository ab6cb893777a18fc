/**
 * Server lifecycle verbs of the mcp actor: list, attach (replace), detach, refresh, ping and the
 * sweep. Scopes come from the caller the gateway authenticated; a server another workspace owns
 * is answered exactly like a missing one (`unknown_external_mcp_tool`).
 */
import type { HandlerContext } from '../../../bus/types.js';
import { AppError } from '../../../schemas/errors.js';
import type { AttachReply, DetachReply, McpServerConfig, PingResult, RefreshReply, ServersReply } from '../../../schemas/mcp.js';
import { claimWindow } from '../../../store/claims.js';
import { allServers, findVisible, ownerOf, visibleServers, type McpContext, type ServerEntry } from '../context.js';
import { checkEndpointAnswers, checkServer, describePolicy } from '../egress.js';
import { discover } from '../discovery.js';
import { poolGroup } from '../pool.js';
import { boundsFor, listAllTools, withClient } from '../session.js';
import { deleteRuntimeServer, putRuntimeServer, rules } from '../store.js';
import { listing, toolStates } from '../view.js';
import type { Caller } from '../../../identity/caller.js';
import { requireActAs, requireHuman } from '../../../identity/mcp.js';
import { deleteGrant } from '../oauth/records.js';

export function unknownServer(id: string): AppError {
  return new AppError('unknown_external_mcp_tool', { detail: id, message: `no server ${id} is visible to this caller` });
}

function validateShape(c: McpServerConfig): void {
  const bad = (m: string) => new AppError('invalid_request', { message: `server ${c.id}: ${m}` });
  if (c.transport === 'http' && (c.url === undefined || c.command !== undefined || c.args !== undefined || c.env !== undefined))
    throw bad('an http server needs url and takes no command, args or env');
  if (c.transport === 'stdio' && (c.command === undefined || c.url !== undefined || c.auth !== undefined))
    throw bad('a stdio server needs command and takes no url or auth');
  if (c.auth?.kind === 'oauth' && c.auth.clientSecretRef !== undefined && c.auth.clientId === undefined)
    throw bad('auth.clientSecretRef needs auth.clientId (without clientId the client registers itself)');
}

export function serverHandlers(ctx: McpContext) {
  return {
    list: async (_h: HandlerContext, p: { caller: Caller; as?: string }): Promise<ServersReply> => {
      requireActAs(ctx.deps.config.identities, p.caller, p.as);
      const owner = ownerOf(p.caller);
      const servers = await visibleServers(ctx, p.caller.workspace);
      return {
        seat: p.as ?? null,
        servers: await Promise.all(servers.map((s) => listing(ctx, s, p.as, owner))),
        egress: describePolicy(ctx.policy),
      };
    },

    attach: async (h: HandlerContext, p: { caller: Caller; config: McpServerConfig }): Promise<AttachReply> => {
      requireHuman(p.caller);
      const c = p.config;
      validateShape(c);
      const owner = ownerOf(p.caller);
      if (ctx.deps.config.mcp.servers.some((b) => b.id === c.id))
        throw new AppError('mcp_server_is_boot_config', {
          detail: c.id,
          message: `server ${c.id} is boot-configured (SVC_MCP_SERVERS); change it there`,
        });
      const shadowed = (await allServers(ctx)).find((s) => s.config.id === c.id && s.owner === '' && owner !== '');
      if (shadowed) throw new AppError('conflict', { message: `server id ${c.id} is taken by a server every scope sees; pick another id` });
      try {
        checkServer(ctx.policy, c, p.caller.kind === 'operator' ? 'operator' : 'workspace');
        await checkEndpointAnswers(ctx.policy, ctx.session.resolver, c);
      } catch (err) {
        await ctx.audit(
          'ExternalMcpServerChange',
          { server: c.id, owner: owner || null, change: 'attach_refused', rule: (err as AppError).detail ?? null, by: p.caller.seat },
          h.traceId,
        );
        throw err;
      }
      const replaced = await putRuntimeServer(ctx.deps.store, owner, c, p.caller.seat);
      ctx.session.pool?.evict(poolGroup(owner, c.id));
      await ctx.audit(
        'ExternalMcpServerChange',
        {
          server: c.id,
          owner: owner || null,
          change: replaced ? 'replaced' : 'attached',
          transport: c.transport,
          url: c.url ?? null,
          by: p.caller.seat,
        },
        h.traceId,
      );
      const entry: ServerEntry = { owner, config: c, runtime: true, origin: 'runtime' };
      const discovery = await discover(ctx, entry, 'attach', h.traceId);
      const { states } = await toolStates(ctx, entry, undefined);
      return { server: c.id, replaced, discovery, tools: states };
    },

    detach: async (h: HandlerContext, p: { caller: Caller; id: string }): Promise<DetachReply> => {
      requireHuman(p.caller);
      const s = await findVisible(ctx, p.caller.workspace, p.id);
      if (!s) throw unknownServer(p.id);
      if (s.origin === 'boot') throw new AppError('mcp_server_is_boot_config', { detail: p.id });
      if (s.owner !== ownerOf(p.caller)) throw unknownServer(p.id);
      await deleteRuntimeServer(ctx.deps.store, s.owner, p.id);
      await deleteGrant(ctx.deps.store, s.owner, p.id); // a detached server's OAuth grant goes with it
      ctx.session.pool?.evict(poolGroup(s.owner, p.id));
      // The catalog stays with the rules: a re-attach under this id then counts as new only the
      // tools never seen before, so earlier allows and denies still apply.
      const kept = (await rules(ctx.deps.store, s.owner, p.id)).length;
      await ctx.audit(
        'ExternalMcpServerChange',
        { server: p.id, owner: s.owner || null, change: 'detached', rulesKept: kept, by: p.caller.seat },
        h.traceId,
      );
      return { server: p.id, detached: true, rulesKept: kept };
    },

    refresh: async (h: HandlerContext, p: { caller: Caller }): Promise<RefreshReply> => {
      const servers = await visibleServers(ctx, p.caller.workspace);
      const results = [];
      for (const s of servers) results.push(await discover(ctx, s, 'refresh', h.traceId));
      return { results };
    },

    ping: async (_h: HandlerContext, p: { caller: Caller; id: string }): Promise<PingResult> => {
      const s = await findVisible(ctx, p.caller.workspace, p.id);
      if (!s) throw unknownServer(p.id);
      const started = performance.now();
      const bounds = boundsFor(s.config);
      try {
        const tools = await withClient(ctx.session, s, bounds, (client, signal) => listAllTools(client, signal, bounds.timeoutMs));
        return { server: p.id, reachable: true, toolCount: tools.length, latencyMs: Math.round(performance.now() - started) };
      } catch (err) {
        return {
          server: p.id,
          reachable: false,
          toolCount: null,
          latencyMs: Math.round(performance.now() - started),
          error: (err as AppError).wireCode ?? 'mcp_server_unreachable',
        };
      }
    },

    /** Sent by the clock sweep every SVC_MCP_REFRESH_MINUTES; the claim makes one worker run it per window. */
    sweep: async (h: HandlerContext, p: { window: number }): Promise<{ window: number; handled: boolean; servers: number }> => {
      const won = await claimWindow(ctx.deps.store, `mcp.sweep:${p.window}`, ctx.deps.workerId, 24 * 3600_000);
      if (!won) return { window: p.window, handled: false, servers: 0 };
      const servers = await allServers(ctx);
      for (const s of servers) await discover(ctx, s, 'sweep', h.traceId, p.window);
      return { window: p.window, handled: true, servers: servers.length };
    },
  };
}
