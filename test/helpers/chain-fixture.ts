/**
 * The demo org (docs/chain.md "The demo org") on a fresh anvil, deployed by the same module as `svc chain dev`
 * (chain/dev/deploy.ts), with every contract bound for tests and the few moves tests need:
 * governing a change through the real GovernanceModule, issuing a funded session key, running an
 * epoch. One per test file; cases isolate with `isolateEach`.
 */
import type { Test } from 'tap';
import { createWalletClient, encodeFunctionData, http, maxUint256, parseEther, type Abi, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import {
  EpochStreamer,
  EscalationRouter,
  GovernanceModule,
  MockUSD,
  OrgRegistry,
  PolicyStack,
  RateLimitPolicy,
  SessionRegistry,
  SpendCapPolicy,
  Treasury,
  WhitelistPolicy,
} from '../../chain/artifacts/index.js';
import { demoOrgSeed, deployDevChain, type AssetDeployment, type Deployment } from '../../chain/dev/deploy.js';
import { anvilPrivateKey } from '../../chain/dev/accounts.js';
import { chainBinding, type ChainBinding } from '../../chain/onchain/binding.js';
import type { Deployment as SvcDeployment } from '../../schemas/chain-config.js';
import type { ChainTarget } from '../../chain/status.js';
import type { Config } from '../../schemas/config.js';
import { startTestChain, type TestChain } from './anvil.js';
import { bind, type Bound, type Wallet } from './contract.js';
import { impersonate } from './safe-root.js';

export interface KeyOptions {
  readonly mask?: number;
  readonly maxValue?: bigint;
  readonly targets?: readonly Address[];
  /** UTC seconds of the day, [start, end). */
  readonly window?: readonly [number, number];
  /** [maxActions, windowSeconds]. */
  readonly rate?: readonly [number, number];
  readonly ttlSeconds?: bigint;
}

export interface ChainFixture {
  readonly chain: TestChain;
  readonly deployment: Deployment;
  readonly asset: AssetDeployment;
  readonly root: Wallet;
  readonly manager: Wallet;
  readonly issuer: Wallet;
  readonly stranger: Wallet;
  readonly workers: readonly Address[];
  readonly vendor: Address;
  readonly c: {
    readonly org: Bound;
    readonly sessions: Bound;
    readonly governance: Bound;
    readonly token: Bound;
    readonly treasury: Bound;
    readonly router: Bound;
    readonly streamer: Bound;
    readonly whitelist: Bound;
    readonly spendCap: Bound;
    readonly rateLimit: Bound;
    readonly workerStack: Bound;
  };
  /** A Low proposal by the root, passed by its own weight (2 = quorum) and executed at once. */
  govern(target: Bound, functionName: string, args: readonly unknown[]): Promise<void>;
  /** Issues a session key for `agent` from the issuer and gives it gas; returns a wallet for it and the session id. */
  sessionKey(agent: Address, opts?: KeyOptions): Promise<{ key: Wallet; id: bigint }>;
  /** Streams every worker's grant (waits for the next epoch window first when one already ran). */
  runEpoch(): Promise<void>;
}

/** The router's ABI plus the treasury's errors, so a revert from inside a settlement decodes by name. */
const ROUTER_ABI: Abi = [...EscalationRouter.abi, ...Treasury.abi.filter((x) => x.type === 'error')];
/** Events a settlement emits from other contracts: the treasury's AllowanceSpent and the token's Transfer. */
const SETTLEMENT_EVENTS: Abi = [...Treasury.abi, ...MockUSD.abi].filter((x) => x.type === 'event');

export interface FixtureOptions {
  /** Deployed before the org: the registry's root instead of anvil account 0 (which still deploys and governs). */
  readonly root?: (chain: TestChain) => Promise<Address>;
}

export async function chainFixture(t: Test, opts: FixtureOptions = {}): Promise<ChainFixture> {
  const chain = await startTestChain(t);
  const root = chain.wallet(0);
  const seed = opts.root ? { ...demoOrgSeed(), root: await opts.root(chain) } : demoOrgSeed();
  const deployment = await deployDevChain({ wallet: root, public: chain.public }, seed);
  // The epoch operator is the registry's root: a contract root runs epochs through impersonation.
  const operator = seed.root === root.account.address ? root : await impersonate(chain, seed.root);
  const asset = deployment.assets[0]!;
  const p = chain.public;
  const c = {
    org: bind(p, deployment.org, OrgRegistry.abi),
    sessions: bind(p, deployment.sessions, SessionRegistry.abi),
    governance: bind(p, deployment.governance, GovernanceModule.abi),
    token: bind(p, asset.token, MockUSD.abi),
    treasury: bind(p, asset.treasury, Treasury.abi),
    router: bind(p, asset.router, ROUTER_ABI, SETTLEMENT_EVENTS),
    streamer: bind(p, asset.streamer, EpochStreamer.abi),
    whitelist: bind(p, asset.policies.whitelist, WhitelistPolicy.abi),
    spendCap: bind(p, asset.policies.spendCap, SpendCapPolicy.abi),
    rateLimit: bind(p, asset.policies.rateLimit, RateLimitPolicy.abi),
    workerStack: bind(p, asset.policies.workerStack, PolicyStack.abi),
  };

  return {
    chain,
    deployment,
    asset,
    root,
    manager: chain.wallet(1),
    issuer: chain.wallet(2),
    stranger: chain.wallet(5),
    workers: deployment.seed.workers,
    vendor: deployment.seed.vendor,
    c,
    async govern(target, functionName, args) {
      const data = encodeFunctionData({ abi: target.abi, functionName, args } as never);
      const { result: id } = await c.governance.write(root, 'propose', [0, target.address, data]);
      await c.governance.write(root, 'vote', [id, true]);
      await c.governance.write(root, 'execute', [id, data]);
    },
    async sessionKey(agent, opts = {}) {
      const account = privateKeyToAccount(generatePrivateKey());
      const key = createWalletClient({ chain: foundry, transport: http(chain.anvil.url), account }) as Wallet;
      await chain.test.setBalance({ address: account.address, value: parseEther('1') });
      const now = (await p.getBlock()).timestamp;
      const expiresAt = now + (opts.ttlSeconds ?? 4n * 3600n);
      const [ws, we] = opts.window ?? [0, 0];
      const [max, win] = opts.rate ?? [0, 0];
      const { result: id } = await c.sessions.write(chain.wallet(2), 'issueScopedTimed', [
        agent,
        account.address,
        expiresAt,
        opts.mask ?? 3,
        opts.maxValue ?? maxUint256,
        opts.targets ?? [],
        ws,
        we,
        max,
        win,
      ]);
      return { key, id };
    },
    async runEpoch() {
      const epochNow = await c.streamer.read('epochNow');
      if (epochNow <= (await c.streamer.read('currentEpoch'))) {
        await chain.test.increaseTime({ seconds: Number(deployment.seed.epochSeconds) });
        await chain.test.mine({ blocks: 1 });
      }
      await c.streamer.write(operator, 'runNextEpoch', []);
    },
  };
}

/** The fixture's address book as svc reads it (SVC_CHAIN_DEPLOYMENT): the primary asset's stack. */
export function addressBook(fx: Pick<ChainFixture, 'deployment' | 'asset'>): SvcDeployment {
  const { symbol, decimals, token, router, treasury, streamer } = fx.asset;
  const { org, sessions, governance } = fx.deployment;
  return { chainId: 31337, org, sessions, governance, assets: [{ symbol, decimals, token, router, treasury, streamer }] };
}

/** What an operator sets for a svc process to bind the fixture's chain: the RPC, the book, the
 * orchestrator (root) and issuer keys of the demo org. */
export function chainEnv(fx: Pick<ChainFixture, 'deployment' | 'asset' | 'chain'>): Record<string, string> {
  return {
    SVC_CHAIN_RPC: fx.chain.anvil.url,
    SVC_CHAIN_ID: '31337',
    SVC_CHAIN_DEPLOYMENT: JSON.stringify(addressBook(fx)),
    SVC_ORCH_PRIVATE_KEY: anvilPrivateKey(0),
    SVC_ISSUER_PRIVATE_KEY: anvilPrivateKey(2),
  };
}

/** The binding a svc process would build for the fixture's chain, with the orchestrator's key. */
export function orchestratorBinding(fx: Pick<ChainFixture, 'deployment' | 'asset' | 'chain'>): ChainBinding {
  return chainBinding({ rpcUrl: fx.chain.anvil.url, chainId: 31337, deployment: addressBook(fx), orchestratorKey: anvilPrivateKey(0) });
}

/** The fixture's chain as the target of a chain port a test builds beside a running system. */
export function fixtureTarget(fx: Pick<ChainFixture, 'chain'>, config: Config): () => ChainTarget {
  return () => ({ rpcUrl: fx.chain.anvil.url, chainId: 31337, deployment: config.chain.deployment });
}

/** For such a port: the svc_* tools' reads and approvals are not what it is built to exercise, so they refuse. */
export const noTools = {
  reads: () => Promise.reject(new Error('no svc_* reads on this port')),
  resolver: { resolve: () => Promise.reject(new Error('no svc_approve on this port')) },
};
