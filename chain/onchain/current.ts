/**
 * The binding of the chain this process talks to right now (chain/target.ts), or undefined while
 * there is none: mock mode, a dev chain still deploying, a configured chain without a deployment.
 * One binding per deployment, rebuilt only when the deployment changes (the dev chain's appears
 * once deployed). Whether the chain answers is the status probe's business, not this one's.
 */
import type { ChainSettings, Deployment, Hex } from '../../schemas/chain-config.js';
import type { ChainTarget } from '../status.js';
import { chainBinding, type ChainBinding } from './binding.js';

export type CurrentBinding = () => ChainBinding | undefined;

export function currentBinding(settings: ChainSettings, target: (() => ChainTarget) | undefined, devOrchestratorKey?: Hex): CurrentBinding {
  let cached: { deployment: Deployment; binding: ChainBinding } | undefined;
  return () => {
    const t = target?.();
    if (!t || 'notReady' in t || !t.deployment) return undefined;
    if (cached?.deployment !== t.deployment) {
      const orchestratorKey = settings.orchestratorKey() ?? devOrchestratorKey;
      cached = {
        deployment: t.deployment,
        binding: chainBinding({ rpcUrl: t.rpcUrl, chainId: t.chainId, deployment: t.deployment, orchestratorKey }),
      };
    }
    return cached.binding;
  };
}
