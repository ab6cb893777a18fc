/**
 * Where the chain of this process is: a configured RPC (SVC_CHAIN_RPC with its deployment), the
 * dev chain `svc serve` started (SVC_CHAIN=dev, ready once deployed), or none (mock mode). The
 * status probe, the reads, the chain port and the indexer all ask this one function.
 */
import type { ChainSettings, Deployment } from '../schemas/chain-config.js';
import type { ChainTarget } from './status.js';

/** A dev chain started by this process: where it listens and what was deployed on it. */
export type DevTarget = () => {
  readonly url: string;
  readonly deployment: Deployment | undefined;
  readonly problem?: string | undefined;
};

export function chainTarget(settings: ChainSettings, dev: DevTarget | undefined): (() => ChainTarget) | undefined {
  if (settings.kind === 'none') return undefined;
  if (settings.kind === 'rpc') {
    const rpcUrl = settings.rpcUrl()!;
    const t: ChainTarget = { rpcUrl, chainId: settings.chainId!, deployment: settings.deployment };
    return () => t;
  }
  return () => {
    const d = dev?.();
    if (!d) return { notReady: 'dev_chain_not_started: SVC_CHAIN=dev starts anvil in `svc serve` only' };
    if (d.problem !== undefined) return { notReady: d.problem };
    return { rpcUrl: d.url, chainId: settings.chainId ?? 31337, deployment: d.deployment };
  };
}
