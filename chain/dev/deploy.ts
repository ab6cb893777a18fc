/**
 * Deploys svc's contracts on a dev chain, seeds an org (the demo org by default, docs/chain.md "The demo org"),
 * then hands every owner to the GovernanceModule. `svc chain dev` and the contract tests share
 * this module, so the tests exercise exactly the wiring a newcomer gets.
 *
 * Order matters because of three construction-time links: the RateLimitPolicy fixes its router
 * (so the router comes before the policies and takes its default stack by setter), the treasury
 * learns its spender and streamer by setter (both are deployed after it), and governance takes
 * ownership last, once nothing is left for the deployer to wire.
 */
import {
  keccak256,
  maxUint256,
  stringToHex,
  getAddress,
  type Abi,
  type Account,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
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
  TimeWindowPolicy,
  Treasury,
  WhitelistPolicy,
} from '../artifacts/index.js';
import { deployArtifact as deployRaw, type DeployableArtifact } from '../deploy-artifact.js';
import { anvilAccount } from './accounts.js';

export interface DevClients {
  readonly wallet: WalletClient<Transport, Chain, Account>;
  readonly public: PublicClient;
}

/** Node kinds as OrgRegistry numbers them; seat kinds as GovernanceModule does. */
const NODE = { ManagerAgent: 2, WorkerAgent: 3 } as const;
export const SEAT = { Human: 1, Agent: 2 } as const;

export interface OrgSeed {
  readonly root: Address;
  readonly manager: Address;
  readonly issuer: Address;
  readonly workers: readonly Address[];
  /** The one whitelisted spend target. */
  readonly vendor: Address;
  /** Token base units (mUSD has 6 decimals). */
  readonly defaultCap: bigint;
  readonly managerCap: bigint;
  readonly rootCap: bigint;
  readonly rate: { readonly maxActions: bigint; readonly windowSeconds: bigint };
  readonly window: { readonly start: bigint; readonly end: bigint };
  readonly treasuryFunding: bigint;
  readonly grantPerWorker: bigint;
  readonly epochSeconds: bigint;
  readonly seats: readonly { readonly account: Address; readonly kind: number; readonly weight: bigint }[];
}

/**
 * An address nobody holds a key for: the demo workers act only through session keys, and the
 * vendor only receives. Derived from a label so every dev chain gets the same ones.
 */
export function keylessAddress(label: string): Address {
  return getAddress(`0x${keccak256(stringToHex(`svc dev ${label}`)).slice(-40)}`);
}

const USD = 1_000_000n;

/** The demo org: anvil account 0 is root (and deployer), 1 the manager, 2 the issuer. */
export function demoOrgSeed(): OrgSeed {
  const root = anvilAccount(0).address;
  const manager = anvilAccount(1).address;
  return {
    root,
    manager,
    issuer: anvilAccount(2).address,
    workers: [keylessAddress('worker 1'), keylessAddress('worker 2')],
    vendor: keylessAddress('vendor'),
    defaultCap: 50n * USD,
    managerCap: 200n * USD,
    rootCap: maxUint256,
    rate: { maxActions: 10n, windowSeconds: 3600n },
    window: { start: 0n, end: 86_400n },
    treasuryFunding: 100_000n * USD,
    grantPerWorker: 200n * USD,
    epochSeconds: 3600n,
    seats: [
      { account: root, kind: SEAT.Human, weight: 2n },
      { account: manager, kind: SEAT.Agent, weight: 1n },
    ],
  };
}

export interface AssetDeployment {
  readonly symbol: string;
  readonly decimals: number;
  readonly token: Address;
  readonly router: Address;
  readonly treasury: Address;
  readonly streamer: Address;
  readonly policies: {
    readonly whitelist: Address;
    readonly spendCap: Address;
    readonly rateLimit: Address;
    readonly timeWindow: Address;
    /** [window, whitelist, cap, rate]: the workers' stack and the router's default. */
    readonly workerStack: Address;
    /** [whitelist, cap]: bound to the manager. */
    readonly managerStack: Address;
  };
}

export interface Deployment {
  readonly chainId: number;
  /** The block before the first deploy: where an indexer starts. */
  readonly startBlock: bigint;
  readonly org: Address;
  readonly sessions: Address;
  readonly governance: Address;
  /** The primary asset first. */
  readonly assets: readonly AssetDeployment[];
  readonly seed: OrgSeed;
}

/** Checksummed, so addresses compare equal to what viem decodes from logs and reverts. */
async function deployArtifact<const TAbi extends Abi>(
  c: DevClients,
  artifact: DeployableArtifact<TAbi>,
  args: Parameters<typeof deployRaw<TAbi>>[2],
): Promise<Address> {
  return getAddress(await deployRaw(c, artifact, args));
}

/** Simulates, sends and waits: a wiring step that would revert fails here, named, before it is sent. */
async function send(c: DevClients, address: Address, abi: Abi, functionName: string, args: readonly unknown[]): Promise<void> {
  const { request } = await c.public.simulateContract({ account: c.wallet.account, address, abi, functionName, args } as never);
  const hash = await c.wallet.writeContract(request as never);
  const receipt = await c.public.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success') throw new Error(`${functionName} on ${address} reverted (tx ${hash})`);
}

export async function deployDevChain(c: DevClients, seed: OrgSeed = demoOrgSeed()): Promise<Deployment> {
  const deployer = c.wallet.account.address;
  const startBlock = await c.public.getBlockNumber();
  const chainId = await c.public.getChainId();

  const token = await deployArtifact(c, MockUSD, [deployer]);
  const org = await deployArtifact(c, OrgRegistry, [deployer, seed.root]);
  await send(c, org, OrgRegistry.abi, 'addNode', [seed.manager, NODE.ManagerAgent, seed.root]);
  for (const w of seed.workers) await send(c, org, OrgRegistry.abi, 'addNode', [w, NODE.WorkerAgent, seed.manager]);

  const sessions = await deployArtifact(c, SessionRegistry, [deployer, seed.root, seed.issuer]);
  const treasury = await deployArtifact(c, Treasury, [deployer, token]);
  const router = await deployArtifact(c, EscalationRouter, [deployer, org, sessions, treasury, token]);
  await send(c, treasury, Treasury.abi, 'setSpender', [router]);
  await send(c, sessions, SessionRegistry.abi, 'setRouter', [router, true]);

  const whitelist = await deployArtifact(c, WhitelistPolicy, [deployer, [seed.vendor]]);
  const spendCap = await deployArtifact(c, SpendCapPolicy, [deployer, seed.defaultCap]);
  await send(c, spendCap, SpendCapPolicy.abi, 'setAgentCap', [seed.manager, seed.managerCap]);
  await send(c, spendCap, SpendCapPolicy.abi, 'setAgentCap', [seed.root, seed.rootCap]);
  const rateLimit = await deployArtifact(c, RateLimitPolicy, [seed.rate.maxActions, seed.rate.windowSeconds, router]);
  const timeWindow = await deployArtifact(c, TimeWindowPolicy, [seed.window.start, seed.window.end]);
  const workerStack = await deployArtifact(c, PolicyStack, [[timeWindow, whitelist, spendCap, rateLimit]]);
  const managerStack = await deployArtifact(c, PolicyStack, [[whitelist, spendCap]]);
  await send(c, router, EscalationRouter.abi, 'setDefaultPolicy', [workerStack]);
  await send(c, router, EscalationRouter.abi, 'setRateRecorder', [rateLimit]);
  await send(c, router, EscalationRouter.abi, 'setNodePolicy', [seed.manager, managerStack]);

  const streamer = await deployArtifact(c, EpochStreamer, [deployer, treasury, seed.root, seed.epochSeconds]);
  await send(c, treasury, Treasury.abi, 'setStreamer', [streamer]);
  await send(c, router, EscalationRouter.abi, 'setProtected', [streamer, true]);
  const grants = seed.workers.map(() => seed.grantPerWorker);
  await send(c, streamer, EpochStreamer.abi, 'setGrants', [seed.workers, grants]);

  await send(c, token, MockUSD.abi, 'mint', [deployer, seed.treasuryFunding]);
  await send(c, token, MockUSD.abi, 'approve', [treasury, seed.treasuryFunding]);
  await send(c, treasury, Treasury.abi, 'deposit', [seed.treasuryFunding]);

  const governance = await deployArtifact(c, GovernanceModule, [
    seed.root,
    seed.seats.map((s) => s.account),
    seed.seats.map((s) => s.kind),
    seed.seats.map((s) => s.weight),
  ]);
  const owned: [Address, Abi][] = [
    [token, MockUSD.abi],
    [org, OrgRegistry.abi],
    [sessions, SessionRegistry.abi],
    [treasury, Treasury.abi],
    [router, EscalationRouter.abi],
    [whitelist, WhitelistPolicy.abi],
    [spendCap, SpendCapPolicy.abi],
    [streamer, EpochStreamer.abi],
  ];
  for (const [address, abi] of owned) await send(c, address, abi, 'transferOwnership', [governance]);

  return {
    chainId,
    startBlock,
    org,
    sessions,
    governance,
    seed,
    assets: [
      {
        symbol: 'mUSD',
        decimals: 6,
        token,
        router,
        treasury,
        streamer,
        policies: { whitelist, spendCap, rateLimit, timeWindow, workerStack, managerStack },
      },
    ],
  };
}
