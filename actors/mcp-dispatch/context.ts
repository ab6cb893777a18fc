/**
 * What every mcp handler shares: the egress policy built once from config, the session deps,
 * and the server registry. Boot servers come from SVC_MCP_SERVERS (each process reads the same
 * list); runtime servers come from the store, so every worker sees every attach. A server with
 * an owner is visible only to callers of that workspace; boot and operator servers to everyone.
 */
import type { McpDeps } from './deps.js';
import type { AuditEventType, EventData } from '../../schemas/events.js';
import type { AppError } from '../../schemas/errors.js';
import { maySeeServer } from '../../identity/mcp.js';
import { checkServer, egressPolicy, systemResolver, unreachableEntries, type EgressPolicy, type Resolver } from './egress.js';
import { ClientPool } from './pool.js';
import { CallLimits } from './limits.js';
import { runtimeServers, visibleRuntimeServer } from './store.js';
import { DetachedAudit } from '../../runtime/detached-audit.js';
import type { SessionDeps, Target } from './session.js';

export interface ServerEntry extends Target {
  readonly origin: 'boot' | 'runtime';
}

export interface McpContext {
  readonly deps: McpDeps;
  readonly policy: EgressPolicy;
  readonly session: SessionDeps;
  /** Boot servers this process attached (those the egress policy refused are left out). */
  readonly boot: readonly ServerEntry[];
  audit<T extends AuditEventType>(type: T, data: EventData<T>, traceId?: string): Promise<void>;
  /**
   * A call's ExternalMcpCalled row, started now and not waited for (runtime/detached-audit.ts):
   * the call, or the refusal, is already decided when it is written, so the answer does not wait
   * for the commit. The event follows the stored row; `settle()` at close waits for them all.
   */
  readonly calls: DetachedAudit;
  /** Calls in flight per server and per process (limits.ts). */
  readonly limits: CallLimits;
}

export function ownerOf(caller: { workspace?: string | undefined }): string {
  return caller.workspace ?? '';
}

export function createContext(deps: McpDeps, resolver: Resolver = systemResolver): McpContext {
  const policy = egressPolicy(deps.config.mcp);
  const unreachable = unreachableEntries(policy);
  if (unreachable.length > 0)
    deps.log.warn(
      { unreachable },
      `SVC_MCP_ALLOW_HOSTS lists entries that can never be reached: ${unreachable.map((u) => `${u.entry} (${u.rule})`).join(', ')}`,
    );
  const boot: ServerEntry[] = [];
  for (const config of deps.config.mcp.servers) {
    try {
      checkServer(policy, config, 'boot');
      boot.push({ owner: '', config, runtime: false, origin: 'boot' });
    } catch (err) {
      deps.log.error(
        { server: config.id, code: (err as AppError).wireCode },
        `boot MCP server ${config.id} refused by the egress policy: not attached`,
      );
    }
  }
  return {
    deps,
    policy,
    boot,
    session: {
      policy,
      resolver,
      readEnv: deps.config.readEnv,
      store: deps.store,
      sessionKey: deps.config.sessionKey,
      pool: new ClientPool(),
    },
    audit: (type, data, traceId) => deps.audit.record(type, data, traceId),
    calls: new DetachedAudit({ store: deps.store, audit: deps.audit, log: deps.log }),
    limits: new CallLimits(deps.config.mcp.maxConcurrency),
  };
}

/** Every attached server, all scopes (the sweep's view). */
export async function allServers(ctx: McpContext): Promise<ServerEntry[]> {
  const bootIds = new Set(ctx.deps.config.mcp.servers.map((c) => c.id));
  const runtime = (await runtimeServers(ctx.deps.store))
    .filter((r) => !bootIds.has(r.config.id))
    .map((r): ServerEntry => ({ owner: r.owner, config: r.config, runtime: true, origin: 'runtime' }));
  return [...ctx.boot, ...runtime];
}

export async function visibleServers(ctx: McpContext, workspace: string | undefined): Promise<ServerEntry[]> {
  return (await allServers(ctx)).filter((s) => maySeeServer(s.owner, workspace));
}

/** One server by id, as the caller sees it: a boot server without a store read, else the caller's own, else the operator's. */
export async function findVisible(ctx: McpContext, workspace: string | undefined, id: string): Promise<ServerEntry | undefined> {
  const boot = ctx.boot.find((s) => s.config.id === id);
  if (boot) return boot;
  if (ctx.deps.config.mcp.servers.some((c) => c.id === id)) return undefined; // a boot id this process refused
  // An owned server shadows nothing: attach refuses an id a boot or operator server holds.
  const found = await visibleRuntimeServer(ctx.deps.store, workspace ?? '', id);
  return found ? { owner: found.owner, config: found.config, runtime: true, origin: 'runtime' } : undefined;
}
