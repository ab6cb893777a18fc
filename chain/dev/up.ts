/**
 * The dev chain in one call: anvil on loopback, svc's contracts deployed and the
 * org seeded (chain/dev/deploy.ts), the deployment file written. `svc chain dev` and `svc serve`
 * with SVC_CHAIN=dev both call this, so the two never drift. A failure after anvil started stops
 * it before rethrowing: nothing is left listening for a chain nobody will use.
 */
import { resolve } from 'node:path';
import { createPublicClient, createWalletClient, http } from 'viem';
import { ANVIL_CHAIN_ID, anvilChain } from './anvil-chain.js';
import { startAnvil, type DevChain } from './anvil.js';
import { anvilAccount } from './accounts.js';
import { deployDevChain, demoOrgSeed, type Deployment, type OrgSeed } from './deploy.js';
import { deploymentFile, writeDeploymentFile, ORCHESTRATOR_ACCOUNT, type DevDeploymentFile } from './deployment-file.js';

export interface DevChainUpOptions {
  /** Default: the demo org (docs/chain.md "The demo org"). */
  readonly seed?: OrgSeed;
  /** Default 0: a free port the kernel picks. */
  readonly port?: number;
  readonly chainId?: number;
  /** Where to write the deployment file; none is written without it. */
  readonly out?: string;
}

export interface DevChainHandle {
  readonly chain: DevChain;
  readonly deployment: Deployment;
  readonly file: DevDeploymentFile;
  /** Absolute path of the written file, when `out` was given. */
  readonly path: string | undefined;
  /** Stops anvil and waits for it; safe to call twice. */
  stop(): Promise<void>;
}

export async function devChainUp(opts: DevChainUpOptions = {}): Promise<DevChainHandle> {
  const chain = await startAnvil({ chainId: opts.chainId ?? ANVIL_CHAIN_ID, ...(opts.port !== undefined ? { port: opts.port } : {}) });
  try {
    const { deployment, file } = await deployOnto(chain, opts.seed);
    const path = opts.out === undefined ? undefined : resolve(opts.out);
    if (path) writeDeploymentFile(path, file);
    return { chain, deployment, file, path, stop: () => chain.stop() };
  } catch (err) {
    await chain.stop();
    throw err;
  }
}

/** The deploy half alone, for a caller that starts anvil itself and deploys in the background
 * (chain/dev/serve.ts). Account 0 deploys: it is also the demo root and the orchestrator. */
export async function deployOnto(
  chain: DevChain,
  seed: OrgSeed = demoOrgSeed(),
): Promise<{ deployment: Deployment; file: DevDeploymentFile }> {
  const viemChain = anvilChain(chain.chainId, chain.url);
  const transport = http(chain.url);
  const wallet = createWalletClient({ chain: viemChain, transport, account: anvilAccount(ORCHESTRATOR_ACCOUNT) });
  const pub = createPublicClient({ chain: viemChain, transport, pollingInterval: 50 });
  const deployment = await deployDevChain({ wallet, public: pub }, seed);
  return { deployment, file: deploymentFile(deployment, chain.url) };
}
