/**
 * `SVC_CHAIN=dev` inside `svc serve`: anvil as a child of the process (chain/dev/anvil.ts), then
 * the contracts and the demo org deployed on it (chain/dev/deploy.ts) in the background, so the
 * process starts listening at once and /health says `unavailable` (`deployment_missing: ... deploying`)
 * for the few seconds the deploy takes, then `chain`. A failed deploy stays `unavailable` with its
 * reason rather than stopping the process: the operator sees why on /health and in the log.
 */
import type { Logger } from 'pino';
import { ANVIL_CHAIN_ID } from './anvil-chain.js';
import type { Deployment } from '../../schemas/chain-config.js';
import { startAnvil, type DevChain } from './anvil.js';
import { deployOnto } from './up.js';

export interface ServedDevChain {
  readonly chain: DevChain;
  /** Where it listens and, once deployed, the address book; `problem` says why there is none. */
  current(): { readonly url: string; readonly deployment: Deployment | undefined; readonly problem: string | undefined };
  /** Settles when the deploy has finished or failed (tests wait on it). */
  readonly deployed: Promise<void>;
  stop(): Promise<void>;
}

export async function serveDevChain(log: Logger): Promise<ServedDevChain> {
  const chain = await startAnvil({ chainId: ANVIL_CHAIN_ID });
  log.info({ rpc: chain.url, chainId: chain.chainId }, 'dev chain (anvil) started; deploying the contracts and the demo org');
  let deployment: Deployment | undefined;
  let problem: string | undefined = 'deployment_missing: the dev chain is deploying its contracts';
  const deployed = deployOnto(chain).then(
    ({ deployment: d, file }) => {
      // The address book (what SVC_CHAIN_DEPLOYMENT reads) and where the indexer starts; the file's dev extras stay out.
      deployment = {
        chainId: file.chainId,
        org: file.org,
        sessions: file.sessions,
        governance: file.governance,
        assets: file.assets,
        startBlock: file.startBlock,
      };
      problem = undefined;
      log.info({ org: d.org, assets: d.assets.map((a) => a.symbol) }, 'dev chain deployed');
    },
    (err: unknown) => {
      // Our own deploy's first line: the RPC is loopback anvil, there is no credential to leak.
      problem = `deployment_missing: the dev deploy failed: ${String((err as Error).message ?? err).split('\n')[0]}`;
      log.error({ reason: problem }, 'dev chain deploy failed');
    },
  );
  return {
    chain,
    current: () => ({ url: chain.url, deployment, problem }),
    deployed,
    async stop() {
      await chain.stop();
      await deployed;
    },
  };
}
