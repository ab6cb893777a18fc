/**
 * The `mcp` actor (mcp-dispatch): attached MCP servers, tool rules, calls and sealed secrets
 * (spec 000). Any replica handles any verb: every worker reads the same store. At start it drops
 * stored runtime servers the current egress policy refuses or whose id SVC_MCP_SERVERS now lists
 * (both audited) and discovers the boot servers; the clock sweep sends `sweep` every
 * SVC_MCP_REFRESH_MINUTES. Every process that runs the consumer also answers MCP_CALL_RPC.
 */
import { defineActor, type ActorDeps } from '../actor.js';
import { AppError, isAppError } from '../../schemas/errors.js';
import type { Handler, HandlerContext } from '../../bus/types.js';
import { createContext, type McpContext } from './context.js';
import { attacherOf, checkServer } from './egress.js';
import { discover } from './discovery.js';
import { deleteRuntimeServer, runtimeServers } from './store.js';
import { serverHandlers } from './handlers/servers.js';
import { ruleHandlers } from './handlers/rules.js';
import { callHandlers, callResponder } from './handlers/call.js';
import { MCP_CALL_RPC } from '../../schemas/mcp.js';
import { secretHandlers } from './handlers/secrets.js';

const contexts = new WeakMap<ActorDeps, McpContext>();
function context(deps: ActorDeps): McpContext {
  let ctx = contexts.get(deps);
  if (!ctx) contexts.set(deps, (ctx = createContext(deps)));
  return ctx;
}

async function restore(ctx: McpContext): Promise<void> {
  const bootIds = new Set(ctx.deps.config.mcp.servers.map((c) => c.id));
  for (const row of await runtimeServers(ctx.deps.store)) {
    // SVC_MCP_SERVERS is the source of truth for the ids it lists: a stored runtime server of the same id goes.
    if (bootIds.has(row.config.id)) {
      if (await deleteRuntimeServer(ctx.deps.store, row.owner, row.config.id)) {
        ctx.deps.log.info({ server: row.config.id }, `stored MCP server ${row.config.id} dropped: SVC_MCP_SERVERS lists that id`);
        await ctx.audit('ExternalMcpServerChange', { server: row.config.id, owner: row.owner || null, change: 'not_restored', rule: 'boot_config_id', by: 'boot' });
      }
      continue;
    }
    try {
      checkServer(ctx.policy, row.config, attacherOf({ owner: row.owner, runtime: true }));
    } catch (err) {
      if (await deleteRuntimeServer(ctx.deps.store, row.owner, row.config.id)) {
        ctx.deps.log.warn({ server: row.config.id, rule: (err as AppError).detail }, `stored MCP server ${row.config.id} refused by the egress policy: not restored`);
        await ctx.audit('ExternalMcpServerChange', { server: row.config.id, owner: row.owner || null, change: 'not_restored', rule: (err as AppError).detail ?? null, by: 'boot' });
      }
    }
  }
  for (const config of ctx.deps.config.mcp.servers) {
    if (!ctx.boot.some((b) => b.config.id === config.id)) {
      await ctx.audit('ExternalMcpServerChange', { server: config.id, owner: null, change: 'boot_refused', by: 'boot' });
    }
  }
  await Promise.all(ctx.boot.map((s) => discover(ctx, s, 'boot')));
}

/**
 * An unexpected error is made terminal instead of being retried: it may have come after a call
 * reached its server, and a redelivered call would reach the server twice. (A long call keeps its
 * ack through the bus dispatcher's own working() beat.)
 */
function terminalWhenUnexpected(handlers: Record<string, Handler<any, any>>): Record<string, Handler<any, any>> {
  return Object.fromEntries(Object.entries(handlers).map(([verb, fn]) => [verb, async (h: HandlerContext, p: unknown) => {
    try {
      return await fn(h, p);
    } catch (err) {
      if (isAppError(err)) throw err;
      h.log.error({ err, verb }, 'mcp handler failed');
      throw new AppError('internal_error', { terminal: true });
    }
  }]));
}

export const mcpActor = defineActor({
  name: 'mcp',
  handlers: (deps) => {
    const ctx = context(deps);
    return terminalWhenUnexpected({ ...serverHandlers(ctx), ...ruleHandlers(ctx), ...callHandlers(ctx), ...secretHandlers(ctx) });
  },
  sweeps: (deps) => [{
    name: 'mcp.refresh',
    async run(window) {
      const every = deps.config.mcp.refreshMinutes;
      if (every <= 0 || window % every !== 0) return;
      await deps.bus.send('mcp', 'sweep', { window }, { msgId: `mcp.sweep.${window}` });
    },
  }],
  start: async (deps) => {
    // Served where the consumer runs, before discovery: a call needs no discovery of its own.
    await deps.bus.serve(MCP_CALL_RPC, callResponder(context(deps), deps.log.child({ actor: 'mcp', rpc: MCP_CALL_RPC })));
    try {
      await restore(context(deps));
    } catch (err) {
      deps.log.error({ err }, 'mcp: boot restore or discovery failed');
    }
  },
  stop: (deps) => context(deps).calls.settle(),
});
