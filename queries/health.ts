/**
 * Builds /health from what this process actually has. Each probe is bounded so the route answers
 * even when NATS or the database hangs.
 */
import type { Bus } from '../bus/types.js';
import type { Store } from '../store/types.js';
import type { Config } from '../schemas/config.js';
import type { Health, Readiness } from '../schemas/health.js';
import type { ChainState, ChainStatus } from '../chain/status.js';
import { VERSION } from '../runtime/version.js';
import { UNPRICED_CALL_FLOOR_MICRO_DOLLARS } from '../model/budget-guard.js';

export type Role = Health['role'];

const PROBE_MS = 1500;

async function bounded<T>(p: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), PROBE_MS);
  });
  try {
    return await Promise.race([p.catch(() => fallback), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Probe results are shared by concurrent callers and reused for this long, so a flood of
 * health checks costs the database one `select 1` per interval, not one per request. */
const FRESH_MS = 500;

/** What this process does about cleared governance proposals, decided where its sweeps are wired. */
export interface AutoExecuteState {
  readonly on: boolean;
  readonly reason?: string | undefined;
}

type HealthDeps = { config: Config; bus: Bus; store: Store; role: Role; chain: ChainStatus; autoExecute: AutoExecuteState };

export interface HealthSource {
  /** GET /health's body (shared by callers within FRESH_MS). */
  (): Promise<Health>;
  /** GET /readyz's body, read from the same probe. */
  readiness(): Promise<Readiness>;
}

export function healthSource(deps: HealthDeps): HealthSource {
  let last: { at: number; value: Promise<Health> } | undefined;
  // Set once a configured chain has answered: from then on a chain outage is /health's `mode`
  // (flows, gates and MCP still serve), not a reason to take the process out of rotation.
  let chainSeen = false;
  const probe = build(deps);
  const health = (): Promise<Health> => {
    const now = Date.now();
    if (last && now - last.at < FRESH_MS) return last.value;
    last = {
      at: now,
      value: probe().then((h) => {
        if (h.mode === 'chain') chainSeen = true;
        return h;
      }),
    };
    return last.value;
  };
  return Object.assign(health, {
    async readiness(): Promise<Readiness> {
      const h = await health();
      const configured = h.mode !== 'mock';
      const chainReady = !configured || chainSeen;
      const checks: Readiness['checks'] = {
        store: { ready: h.db.ready, ...(h.db.error ? { error: h.db.error } : {}) },
        bus: { ready: h.queue.ready, ...(h.queue.error ? { error: h.queue.error } : {}) },
        chain: {
          ready: chainReady,
          configured,
          ...(chainReady ? {} : { error: h.chain.reason ?? 'the chain has not answered since start' }),
        },
        // openStore returns only after the migrations ran (store/orm.ts): a running process has them.
        migrations: { ready: true },
      };
      return { ready: checks.store.ready && checks.bus.ready && checks.chain.ready && checks.migrations.ready, checks };
    },
  });
}

function build(deps: HealthDeps): () => Promise<Health> {
  const { config, bus, store, role, chain, autoExecute } = deps;
  return async () => {
    const [dbReady, busHealth, actors, chainState] = await Promise.all([
      bounded(store.ready(), false),
      bounded(bus.health(), { ok: false, provider: bus.provider, detail: 'no answer within 1.5 s' }),
      bounded(bus.consumers(), {} as Awaited<ReturnType<Bus['consumers']>>),
      // The probe bounds itself too; this is the backstop that keeps /health answering.
      bounded<ChainState>(chain.current(), { mode: 'unavailable', reason: 'rpc_unreachable: the chain probe did not finish within 1.5 s' }),
    ]);
    const down: Health['down'] = [];
    if (!busHealth.ok) down.push('nats');
    if (!dbReady) down.push('database');
    const postgres = store.engine === 'postgres';
    return {
      status: down.length ? 'degraded' : 'ok',
      version: VERSION,
      role,
      // A chain outage is not `degraded`: flows, gates and MCP still serve; chain reads say 503 themselves.
      mode: chainState.mode,
      chain: chainView(chainState),
      down,
      db: { ready: dbReady, engine: store.engine, ...(dbReady ? {} : { error: 'database did not answer' }) },
      queue: { ready: busHealth.ok, provider: bus.provider, ...(busHealth.ok || !busHealth.detail ? {} : { error: busHealth.detail }) },
      auth: { required: config.token !== undefined },
      rootAuth: {
        required: config.rootAuth.kind !== undefined,
        ...(config.rootAuth.kind ? { kind: config.rootAuth.kind } : {}),
        ...(config.rootAuth.configError ? { configError: config.rootAuth.configError } : {}),
      },
      flows: { store: postgres ? 'postgres' : 'memory' },
      model: { provider: config.model.provider, configured: modelConfigured(config) },
      budgets: { inference: { counters: postgres ? 'postgres' : 'process', floorMicroDollars: UNPRICED_CALL_FLOOR_MICRO_DOLLARS } },
      planRequired: {
        mode: config.planRequired.mode,
        windowMinutes: config.planRequired.windowMs / 60_000,
        ...(config.planRequired.configError ? { configError: config.planRequired.configError } : {}),
      },
      chatReplies: config.channelKey ? { signed: true, key: config.channelKey.source } : { signed: false },
      governance: { autoExecute: autoExecute.on, ...(autoExecute.reason !== undefined ? { reason: autoExecute.reason } : {}) },
      actors,
    };
  };
}

/** Whether the selected provider has what it needs: openai a key or a base URL, anthropic a key. */
function modelConfigured(config: Config): boolean {
  const m = config.model;
  if (m.provider === 'openai') return Boolean(m.openaiApiKey || m.openaiBaseUrl);
  if (m.provider === 'anthropic') return Boolean(m.anthropicApiKey);
  return true;
}

function chainView(s: ChainState): Health['chain'] {
  if (s.mode === 'mock') return {};
  if (s.mode === 'chain') return { chainId: s.chainId, rpc: s.rpc };
  return { reason: s.reason, ...(s.rpc !== undefined ? { rpc: s.rpc } : {}) };
}
