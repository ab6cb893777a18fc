/**
 * What the chain settings hold once parsed (runtime/chain-config.ts): the deployment's address
 * book (SVC_CHAIN_DEPLOYMENT) and the wallet watchlist (WALLET_WATCHLIST). The deployment file is written by the deploy step (`svc chain dev`); its extra
 * properties (start block, dev keys, ...) are that step's and are kept but not read here.
 */
import { Type, type Static } from 'typebox';
import { IdToken } from './text.js';

/** An http(s) URL of one token: no whitespace and no control character anywhere in it. */
const RPC_URL_PATTERN = '^https?://[^\\s\\u0000-\\u001f\\u007f]+$';

export const ADDRESS_PATTERN = '^0x[0-9a-fA-F]{40}$';
export const Address = Type.String({ pattern: ADDRESS_PATTERN, description: 'a 20-byte address, 0x-prefixed hex' });

/** One asset's stack: the token it budgets in and the contracts that move it. */
export const DeployedAsset = Type.Object({
  symbol: IdToken({ maxLength: 32 }),
  decimals: Type.Integer({ minimum: 0, maximum: 36 }),
  token: Address,
  router: Address,
  treasury: Address,
  streamer: Address,
});
export type DeployedAsset = Static<typeof DeployedAsset>;

/** The address book a process reads the chain through. Org-wide contracts, then one stack per
 * asset, the first being the primary. */
export const Deployment = Type.Object({
  chainId: Type.Optional(Type.Integer({ minimum: 1 })),
  org: Address,
  sessions: Address,
  governance: Address,
  assets: Type.Array(DeployedAsset, { minItems: 1, maxItems: 16 }),
  /** The block the deployment began at (the deploy step writes a decimal string): where the treasury
   * indexer starts; absent, it starts at the head. */
  startBlock: Type.Optional(Type.Union([Type.String({ pattern: '^[0-9]{1,20}$' }), Type.Integer({ minimum: 0 })])),
});
export type Deployment = Static<typeof Deployment>;

/** A watchlist entry, `{chainId, rpcUrl?, tokens: [{symbol, address, decimals}]}`. `wallets` is ours
 * (additive): accounts read on that chain besides the org's own (an outside treasury, a payer). */
export const WatchlistEntry = Type.Object(
  {
    chainId: Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 }),
    rpcUrl: Type.Optional(Type.String({ pattern: RPC_URL_PATTERN, maxLength: 2048, description: 'masked in every answer' })),
    tokens: Type.Array(
      Type.Object(
        {
          symbol: IdToken({ maxLength: 32 }),
          address: Address,
          decimals: Type.Integer({ minimum: 0, maximum: 36 }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 64 },
    ),
    wallets: Type.Optional(Type.Array(Address, { maxItems: 256 })),
  },
  { additionalProperties: false },
);
export type WatchlistEntry = Static<typeof WatchlistEntry>;

export const Watchlist = Type.Array(WatchlistEntry, { maxItems: 32, $id: 'Watchlist' });
export type Watchlist = Static<typeof Watchlist>;

/** A private key as read: 32 bytes of hex, `0x` optional. */
export const PRIVATE_KEY_PATTERN = '^(0x)?[0-9a-fA-F]{64}$';

export type Hex = `0x${string}`;

/** The chain settings of the validated Config. Every credential is behind a function, so
 * serializing or logging the config never carries one (as with `connectorEnv`). */
export interface ChainSettings {
  /** `none`: mock mode; `dev`: `svc serve` starts anvil and deploys; `rpc`: SVC_CHAIN_RPC. */
  readonly kind: 'none' | 'dev' | 'rpc';
  /** SVC_CHAIN_RPC (may carry credentials: mask before showing). */
  readonly rpcUrl: () => string | undefined;
  readonly chainId: number | undefined;
  readonly deployment: Deployment | undefined;
  readonly orchestratorKey: () => Hex | undefined;
  readonly issuerKey: () => Hex | undefined;
  /** SVC_HELD_SEAT_KEYS: keys of seats this process resolves escalated intents for (a manager's). */
  readonly heldSeatKeys: () => readonly Hex[];
  /** WALLET_WATCHLIST: the seed of the watchlist (POST /wallets/watchlist replaces it in memory). */
  readonly watchlist: () => readonly WatchlistEntry[];
}
