/**
 * The `mcp` actor (mcp-dispatch): attached MCP servers, tool rules, calls and sealed secrets
 * (docs/mcp.md). Any replica handles any verb: every worker reads the same store. At start it drops
 * stored runtime servers the current egress policy refuses or whose id SVC_MCP_SERVERS now lists
 * (both audited) and discovers the boot servers; the clock sweep sends `sweep` every
 * SVC_MCP_REFRESH_MINUTES. Every process that runs the consumer also answers `call` as an rpc.
 */
import { defineActor } from '../actor.js';
import { AppError, isAppError } from '../../schemas/errors.js';
import { mcpVerbs } from '../../schemas/commands/mcp.js';
import type { Handlers } from '../../bus/verbs.js';
import type { Handler, HandlerContext } from '../../bus/types.js';
import type { McpDeps } from './deps.js';
import { createContext, type McpContext } from './context.js';
import { attacherOf, checkServer } from './egress.js';
import { discover } from './discovery.js';
import { deleteRuntimeServer, runtimeServers } from './store.js';
import { serverHandlers } from './handlers/servers.js';
import { ruleHandlers } from './handlers/rules.js';
import { callHandlers } from './handlers/call.js';
import { secretHandlers } from './handlers/secrets.js';
import { pinHandlers } from './handlers/pins.js';
import { federationHandlers } from './handlers/federation.js';
import { oauthHandlers } from './handlers/oauth.js';

type McpVerbs = typeof mcpVerbs;

async function restore(ctx: McpContext): Promise<void> {
  const bootIds = new Set(ctx.deps.config.mcp.servers.map((c) => c.id));
  for (const row of await runtimeServers(ctx.deps.store)) {
    // SVC_MCP_SERVERS is the source of truth for the ids it lists: a stored runtime server of the same id goes.
    if (bootIds.has(row.config.id)) {
      if (await deleteRuntimeServer(ctx.deps.store, row.owner, row.config.id)) {
        ctx.deps.log.info({ server: row.config.id }, `stored MCP server ${row.config.id} dropped: SVC_MCP_SERVERS lists that id`);
        await ctx.audit('ExternalMcpServerChange', {
          server: row.config.id,
          owner: row.owner || null,
          change: 'not_restored',
          rule: 'boot_config_id',
          by: 'boot',
        });
      }
      continue;
    }
    try {
      checkServer(ctx.policy, row.config, attacherOf({ owner: row.owner, runtime: true }));
    } catch (err) {
      if (await deleteRuntimeServer(ctx.deps.store, row.owner, row.config.id)) {
        ctx.deps.log.warn(
          { server: row.config.id, rule: (err as AppError).detail },
          `stored MCP server ${row.config.id} refused by the egress policy: not restored`,
        );
        await ctx.audit('ExternalMcpServerChange', {
          server: row.config.id,
          owner: row.owner || null,
          change: 'not_restored',
          rule: (err as AppError).detail ?? null,
          by: 'boot',
        });
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
function terminalWhenUnexpected(handlers: Handlers<McpVerbs>): Handlers<McpVerbs> {
  const guarded =
    (verb: string, fn: Handler<never, unknown>): Handler =>
    async (h: HandlerContext, p: unknown) => {
      try {
        return await (fn as Handler)(h, p);
      } catch (err) {
        if (isAppError(err)) throw err;
        h.log.error({ err, verb }, 'mcp handler failed');
        throw new AppError('internal_error', { terminal: true });
      }
    };
  // Each wrapper answers what its handler answers: the map keeps every verb's types.
  return Object.fromEntries(Object.entries(handlers).map(([verb, fn]) => [verb, guarded(verb, fn)])) as unknown as Handlers<McpVerbs>;
}

export const mcpActor = defineActor({
  name: 'mcp',
  verbs: mcpVerbs,
  create: (deps: McpDeps) => {
    const ctx = createContext(deps);
    return {
      handlers: terminalWhenUnexpected({
        ...serverHandlers(ctx),
        ...ruleHandlers(ctx),
        ...callHandlers(ctx),
        ...secretHandlers(ctx),
        ...pinHandlers(ctx),
        ...federationHandlers(ctx),
        ...oauthHandlers(ctx),
      }),
      sweeps: [
        {
          name: 'mcp.refresh',
          async run(window) {
            const every = deps.config.mcp.refreshMinutes;
            if (every <= 0 || window % every !== 0) return;
            await deps.clients.mcp.sweep.send({ window }, { msgId: `mcp.sweep.${window}` });
          },
        },
      ],
      start: async () => {
        try {
          await restore(ctx);
        } catch (err) {
          deps.log.error({ err }, 'mcp: boot restore or discovery failed');
        }
      },
      stop: () => ctx.calls.settle(),
    };
  },
});
