/**
 * Everything the gateway reads the chain through, built once per process by the composition root:
 * the mode probe, the reads of that mode, the watchlist and the balance reader. A read asks the
 * current mode first, so a chain that stops answering turns every read into 503
 * `chain_unavailable` with the reason (never an empty answer), and turns back when it returns.
 */
import type { ChainSettings, Deployment } from '../schemas/chain-config.js';
import type { AgentBalancesView } from '../schemas/chain-reads.js';
import { AppError } from '../schemas/errors.js';
import { balanceReader } from './balances.js';
import { mockReads } from './reads/mock.js';
import { onchainReads } from './reads/onchain.js';
import type { ChainReads } from './reads/port.js';
import { chainStatus, type ChainStatus } from './status.js';
import { chainTarget, type DevTarget } from './target.js';
import { watchlistStore, type WatchlistStore } from './watchlist.js';

export interface ChainRuntime {
  readonly status: ChainStatus;
  /** The reads of the current mode; throws 503 `chain_unavailable` (with the reason) when the chain does not answer. */
  reads(): Promise<ChainReads>;
  readonly watchlist: WatchlistStore;
  agentBalances(): Promise<AgentBalancesView>;
}

export interface ChainRuntimeOptions {
  /** A dev chain started by this process (SVC_CHAIN=dev): where it listens and what was deployed on it. */
  readonly dev?: DevTarget | undefined;
  readonly probeTimeoutMs?: number;
  readonly probeFreshMs?: number;
  readonly balanceTimeoutMs?: number;
}

export function chainRuntime(settings: ChainSettings, opts: ChainRuntimeOptions = {}): ChainRuntime {
  const target = chainTarget(settings, opts.dev);
  const status = chainStatus({
    target,
    ...(opts.probeTimeoutMs !== undefined ? { timeoutMs: opts.probeTimeoutMs } : {}),
    ...(opts.probeFreshMs !== undefined ? { freshMs: opts.probeFreshMs } : {}),
  });
  const mock = mockReads();
  const watchlist = watchlistStore(settings.watchlist());
  const balances = balanceReader(opts.balanceTimeoutMs !== undefined ? { timeoutMs: opts.balanceTimeoutMs } : {});
  let onchain: { deployment: Deployment; reads: ChainReads } | undefined;

  const reads = async (): Promise<ChainReads> => {
    const state = await status.current();
    if (state.mode === 'mock') return mock;
    if (state.mode === 'unavailable') throw new AppError('chain_unavailable', { message: `the chain is unavailable: ${state.reason}` });
    const t = target?.();
    const deployment = t && 'deployment' in t ? t.deployment : undefined;
    // `chain` mode is only reached with a deployment whose code is there (status.ts).
    if (!deployment) throw new AppError('chain_unavailable', { message: 'the chain is unavailable: deployment_missing' });
    if (onchain?.deployment !== deployment) onchain = { deployment, reads: onchainReads(deployment) };
    return onchain.reads;
  };

  return {
    status,
    reads,
    watchlist,
    async agentBalances() {
      const accounts = await (await reads()).accounts();
      return { chains: await Promise.all(watchlist.entries().map((e) => balances.read(e, accounts))) };
    },
  };
}
