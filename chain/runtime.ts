/**
 * Everything the gateway reads the chain through, built once per process by the composition root:
 * the mode probe, the reads of that mode, the watchlist and the balance reader. A read asks the
 * current mode first, so a chain that stops answering turns every read into 503
 * `chain_unavailable` with the reason (never an empty answer), and turns back when it returns.
 * Chain-mode reads go through the binding of the current chain (RPC and deployment together), so a
 * dev chain that redeploys is read at its new addresses.
 */
import type { ChainSettings, Hex } from '../schemas/chain-config.js';
import type { OrgConfig } from '../schemas/mcp.js';
import type { AgentBalancesView } from '../schemas/chain-reads.js';
import { AppError } from '../schemas/errors.js';
import { balanceReader } from './balances.js';
import type { ChainBinding } from './onchain/binding.js';
import { currentBinding, type CurrentBinding } from './onchain/current.js';
import { mockReads } from './reads/mock.js';
import { onchainReads } from './reads/onchain/index.js';
import { sessionHistory } from './reads/session-history.js';
import { intentHistoryView } from './onchain/resolve.js';
import { chainIntentsOf } from '../store/chain-intents/index.js';
import type { ChainReads } from './reads/port.js';
import { chainStatus, type ChainStatus } from './status.js';
import { chainTarget, type DevTarget } from './target.js';
import { watchlistStore, type WatchlistStore } from './watchlist.js';
import type { Store } from '../store/types.js';

export interface ChainRuntime {
  readonly status: ChainStatus;
  /** The reads of the current mode; throws 503 `chain_unavailable` (with the reason) when the chain does not answer. */
  reads(): Promise<ChainReads>;
  readonly watchlist: WatchlistStore;
  /** The bound chain (in chain mode) and every watchlist chain. */
  agentBalances(): Promise<AgentBalancesView>;
  /** The binding in `chain` mode, undefined in mock mode; 503 `chain_unavailable` otherwise (for writes that must not guess). */
  bound(): Promise<ChainBinding | undefined>;
  /** The binding of the current chain without the probe (undefined while there is none). */
  readonly binding: CurrentBinding;
}

export interface ChainRuntimeOptions {
  /** A dev chain started by this process (SVC_CHAIN=dev): where it listens and what was deployed on it. */
  readonly dev?: DevTarget | undefined;
  /** Where the orchestrator's own chain records are (the session history). */
  readonly store?: Store | undefined;
  /** SVC_ORG: the off-chain overlay GET /org takes seats' roles from. */
  readonly org?: Readonly<OrgConfig> | undefined;
  readonly probeTimeoutMs?: number;
  readonly probeFreshMs?: number;
  readonly balanceTimeoutMs?: number;
  /** The dev chain's orchestrator key (SVC_CHAIN=dev), used when the settings name none. */
  readonly devOrchestratorKey?: Hex | undefined;
}

export function chainRuntime(settings: ChainSettings, opts: ChainRuntimeOptions = {}): ChainRuntime {
  const target = chainTarget(settings, opts.dev);
  const status = chainStatus({
    target,
    ...(opts.probeTimeoutMs !== undefined ? { timeoutMs: opts.probeTimeoutMs } : {}),
    ...(opts.probeFreshMs !== undefined ? { freshMs: opts.probeFreshMs } : {}),
  });
  const mock = mockReads();
  const binding = currentBinding(settings, target, opts.devOrchestratorKey);
  const watchlist = watchlistStore(settings.watchlist());
  const balances = balanceReader(opts.balanceTimeoutMs !== undefined ? { timeoutMs: opts.balanceTimeoutMs } : {});
  let onchain: { binding: ChainBinding; reads: ChainReads } | undefined;

  /** The binding when the chain is in `chain` mode, undefined in mock mode; 503 otherwise. */
  const bound = async (): Promise<ChainBinding | undefined> => {
    const state = await status.current();
    if (state.mode === 'mock') return undefined;
    if (state.mode === 'unavailable') throw new AppError('chain_unavailable', { message: `the chain is unavailable: ${state.reason}` });
    // `chain` mode is only reached with a deployment whose code is there (status.ts).
    const b = binding();
    if (!b) throw new AppError('chain_unavailable', { message: 'the chain is unavailable: deployment_missing' });
    return b;
  };

  const reads = async (): Promise<ChainReads> => {
    const b = await bound();
    if (!b) return mock;
    if (onchain?.binding !== b) onchain = { binding: b, reads: onchainReads(b, opts.store ? storeReads(opts.store, b) : {}, opts.org) };
    return onchain.reads;
  };

  return {
    status,
    reads,
    watchlist,
    bound,
    binding,
    async agentBalances() {
      const b = await bound();
      const accounts = await (await reads()).accounts();
      const watched = watchlist.entries().map((e) => balances.read(e, accounts));
      if (!b) return { chains: await Promise.all(watched) };
      const t = target?.();
      const rpcUrl = t && 'rpcUrl' in t ? t.rpcUrl : undefined;
      const tokens = b.deployment.assets.map((a) => ({ symbol: a.symbol, address: a.token, decimals: a.decimals }));
      const own = balances.read({ chainId: b.chain.id, ...(rpcUrl !== undefined ? { rpcUrl } : {}), tokens }, accounts, 'bound');
      return { chains: await Promise.all([own, ...watched]) };
    },
  };
}

/** The two history reads come from the store, not the chain. */
function storeReads(store: Store, b: ChainBinding): Pick<ChainReads, 'sessionHistory' | 'intentHistory'> {
  return { sessionHistory: sessionHistory(store, b.deployment), intentHistory: () => intentHistoryView(chainIntentsOf(store)) };
}
