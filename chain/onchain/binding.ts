/**
 * A deployment bound to a live RPC: the one place chain-mode code gets its clients from (the
 * chain port's writes, the reads, the indexer). The orchestrator's wallet is built from
 * SVC_ORCH_PRIVATE_KEY (anvil account 0 on the dev chain); other held keys (a manager seat, a
 * session key) get their own wallet through `walletFor`, never by sharing the orchestrator's.
 */
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  type Account,
  type Chain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DeployedAsset, Deployment, Hex } from '../../schemas/chain-config.js';
import { AppError } from '../../schemas/errors.js';
import { bindingTransport } from '../rpc.js';
import type { Read } from './speculate.js';
import { turnReads } from './turn-reads.js';

export type ChainWallet = WalletClient<Transport, Chain, Account>;

export interface ChainBinding {
  readonly deployment: Deployment;
  readonly chain: Chain;
  /** Requests made in the same turn of the event loop go out as one JSON-RPC batch (a simulation
   * beside the fill of its transaction and the reads it depends on); the wallets share its transport. */
  readonly client: PublicClient;
  /** A contract read through `client`; the reads made in one turn of the event loop go out as one
   * multicall (chain/onchain/turn-reads.ts). */
  readonly read: Read;
  /** The orchestrator's wallet, or undefined when no key is configured (writes then refuse). */
  readonly orchestrator: ChainWallet | undefined;
  /** The asset stack named by symbol (case-insensitive), the primary when none is named. */
  asset(symbol?: string): DeployedAsset;
  /** A wallet for a key this process holds (a seat's key, a session key). */
  walletFor(key: Hex): ChainWallet;
}

export interface ChainBindingOptions {
  readonly rpcUrl: string;
  readonly chainId: number;
  readonly deployment: Deployment;
  readonly orchestratorKey?: Hex | undefined;
  /** Per request; writes wait longer than a probe. Default 10 s. */
  readonly timeoutMs?: number;
}

export function chainBinding(opts: ChainBindingOptions): ChainBinding {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const chain = defineChain({
    id: opts.chainId,
    name: `chain ${opts.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  });
  const transport = bindingTransport(opts.rpcUrl, timeoutMs);
  const client = createPublicClient({ transport });
  const walletFor = (key: Hex): ChainWallet =>
    createWalletClient({ account: privateKeyToAccount(key.startsWith('0x') ? key : (`0x${key}` as Hex)), chain, transport });
  return {
    deployment: opts.deployment,
    chain,
    client,
    read: turnReads(client),
    orchestrator: opts.orchestratorKey === undefined ? undefined : walletFor(opts.orchestratorKey),
    asset(symbol) {
      const assets = opts.deployment.assets;
      if (symbol === undefined) return assets[0]!;
      const found = assets.find((a) => a.symbol.toLowerCase() === symbol.toLowerCase());
      if (!found) {
        throw new AppError('unknown_asset', {
          message: `no asset ${symbol} in this deployment (known: ${assets.map((a) => a.symbol).join(', ')})`,
        });
      }
      return found;
    },
    walletFor,
  };
}
