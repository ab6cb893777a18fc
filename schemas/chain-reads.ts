/**
 * The answers of the chain reads (docs/chain.md "Reads"). Big integers
 * (values, balances, caps, ids) travel as decimal strings: JSON numbers lose precision past 2^53.
 * In mock mode every list is empty; an unavailable chain answers 503 `chain_unavailable`.
 */
import { IdToken } from './text.js';
import { Type, type Static } from 'typebox';
import { Address, WatchlistEntry } from './chain-config.js';

const Decimal = Type.String({ pattern: '^(0|[1-9][0-9]*)$', description: 'a non-negative integer as a decimal string' });
const SignedDecimal = Type.String({ pattern: '^(0|-?[1-9][0-9]*)$', description: 'an integer as a decimal string' });
const Verdict = Type.Union([Type.Literal('ALLOW'), Type.Literal('ESCALATE'), Type.Literal('DENY')]);

export const OrgNode = Type.Object({
  address: Address,
  kind: Type.Union([Type.Literal('HumanRoot'), Type.Literal('ManagerAgent'), Type.Literal('WorkerAgent')]),
  parent: Type.Union([Address, Type.Null()]),
  active: Type.Boolean(),
  children: Type.Array(Address),
  roleId: Type.Optional(Type.String({ description: "the seat's role from the off-chain overlay (SVC_ORG `role`), when it has one" })),
});
export const OrgView = Type.Object(
  { root: Type.Union([Address, Type.Null()]), nodes: Type.Array(OrgNode, { description: 'breadth-first from the root' }) },
  { $id: 'OrgView' },
);
export type OrgView = Static<typeof OrgView>;

export const PendingIntent = Type.Object({
  asset: Type.String(),
  intentId: Decimal,
  agent: Address,
  target: Address,
  value: Decimal,
  data: Type.String(),
  awaitingApprover: Address,
  verdict: Type.Optional(Verdict),
  measuredChanges: Type.Optional(Type.Array(Type.Object({ account: Address, token: Address, delta: SignedDecimal }))),
  callTrace: Type.Optional(
    Type.Array(
      Type.Object({
        depth: Type.Integer(),
        type: Type.String(),
        from: Address,
        to: Type.Optional(Address),
        value: Decimal,
        error: Type.Optional(Type.String()),
      }),
    ),
  ),
});
export const IntentsView = Type.Object({ intents: Type.Array(PendingIntent) }, { $id: 'IntentsView' });
export type IntentsView = Static<typeof IntentsView>;

export const IntentRecord = Type.Object({
  asset: Type.String(),
  intentId: Decimal,
  approved: Type.Boolean(),
  approver: Type.Optional(Address),
  authorizedBy: Type.Optional(Type.String()),
  /** What the resolution became: settled, climbed (to `awaitingApprover`), rejected, or denied by the approver's stack. */
  outcome: Type.Optional(Type.Union([Type.Literal('settled'), Type.Literal('climbed'), Type.Literal('rejected'), Type.Literal('denied')])),
  awaitingApprover: Type.Optional(Address),
  txHash: Type.Optional(Type.String()),
  at: Type.String(),
});
export const IntentHistoryView = Type.Object({ intents: Type.Array(IntentRecord) }, { $id: 'IntentHistoryView' });
export type IntentHistoryView = Static<typeof IntentHistoryView>;

export const SessionRecord = Type.Object({
  sessionId: Decimal,
  agent: Address,
  event: Type.Union([Type.Literal('issued'), Type.Literal('revoked'), Type.Literal('rotated')]),
  authorizedBy: Type.Optional(Type.String()),
  txHash: Type.Optional(Type.String()),
  at: Type.String(),
});
export const SessionHistoryView = Type.Object({ sessions: Type.Array(SessionRecord) }, { $id: 'SessionHistoryView' });
export type SessionHistoryView = Static<typeof SessionHistoryView>;

export const PolicyModule = Type.Object({
  address: Address,
  kind: Type.Union([
    Type.Literal('spend_cap'),
    Type.Literal('whitelist'),
    Type.Literal('rate_limit'),
    Type.Literal('time_window'),
    Type.Literal('custom'),
  ]),
  cap: Type.Optional(Decimal),
  allowedTargets: Type.Optional(Type.Array(Address)),
  maxActions: Type.Optional(Type.Integer()),
  windowSeconds: Type.Optional(Type.Integer()),
  window: Type.Optional(Type.Object({ start: Decimal, count: Type.Integer() })),
  startSecondOfDay: Type.Optional(Type.Integer()),
  endSecondOfDay: Type.Optional(Type.Integer()),
});
export const NodePolicy = Type.Object({
  node: Address,
  bound: Type.Boolean({ description: "false: the node reads the router's default stack" }),
  stack: Address,
  modules: Type.Array(PolicyModule),
});
export const PoliciesQuery = Type.Object(
  { node: Type.Optional(Address), asset: Type.Optional(IdToken({ maxLength: 32 })) },
  { additionalProperties: false },
);
export type PoliciesQuery = Static<typeof PoliciesQuery>;
export const PoliciesView = Type.Object(
  { asset: Type.Union([Type.String(), Type.Null()]), policies: Type.Array(NodePolicy) },
  { $id: 'PoliciesView' },
);
export type PoliciesView = Static<typeof PoliciesView>;

export const AssetView = Type.Object({
  symbol: Type.String(),
  decimals: Type.Integer(),
  token: Address,
  router: Address,
  treasury: Address,
  streamer: Address,
  primary: Type.Boolean(),
});
export const AssetsView = Type.Object({ assets: Type.Array(AssetView, { description: 'primary first' }) }, { $id: 'AssetsView' });
export type AssetsView = Static<typeof AssetsView>;

export const AssetQuery = Type.Object({ asset: Type.Optional(IdToken({ maxLength: 32 })) }, { additionalProperties: false });
export type AssetQuery = Static<typeof AssetQuery>;
export const GrantsView = Type.Object(
  {
    asset: Type.Union([Type.String(), Type.Null()]),
    epoch: Type.Optional(Decimal),
    grants: Type.Array(Type.Object({ recipient: Address, amount: Decimal })),
  },
  { $id: 'GrantsView' },
);
export type GrantsView = Static<typeof GrantsView>;

export const TreasuryView = Type.Object(
  {
    balances: Type.Array(
      Type.Object({ asset: Type.String(), token: Address, treasury: Address, balance: Decimal, liquid: Decimal, reserved: Decimal }),
    ),
  },
  { $id: 'TreasuryView' },
);
export type TreasuryView = Static<typeof TreasuryView>;

export const SessionView = Type.Object({
  sessionId: Decimal,
  agent: Address,
  key: Address,
  expiresAt: Type.String(),
  scopes: Type.Array(Type.String()),
  maxValue: Type.Union([Decimal, Type.Literal('unlimited')]),
  pins: Type.Array(Address),
  revoked: Type.Boolean(),
  window: Type.Optional(
    Type.Object(
      { start: Type.Integer(), end: Type.Integer() },
      { description: "the key's own UTC window, seconds of the day [start, end); absent when it has none" },
    ),
  ),
  rateLimit: Type.Optional(
    Type.Object(
      { maxActions: Type.Integer(), windowSeconds: Type.Integer() },
      { description: "the key's own proposals per rolling window; absent when it has none" },
    ),
  ),
});
export const SessionsView = Type.Object({ sessions: Type.Array(SessionView) }, { $id: 'SessionsView' });
export type SessionsView = Static<typeof SessionsView>;

export const AccountBalance = Type.Object({
  address: Address,
  native: Decimal,
  tokens: Type.Array(
    Type.Object({
      symbol: Type.String(),
      address: Address,
      decimals: Type.Integer(),
      balance: Type.Optional(Decimal),
      read: Type.Boolean({ description: 'false: the token did not answer balanceOf (no contract there?); no balance is shown' }),
    }),
  ),
});
export type AccountBalance = Static<typeof AccountBalance>;
export const ChainBalances = Type.Object({
  chainId: Type.Integer(),
  source: Type.Union([Type.Literal('bound'), Type.Literal('watchlist')]),
  read: Type.Boolean(),
  reason: Type.Optional(
    Type.Union([Type.Literal('no_rpc'), Type.Literal('unreachable'), Type.Literal('chain_id_mismatch')], {
      description: 'why the chain was not read; its balances are absent, never zero',
    }),
  ),
  detail: Type.Optional(Type.String()),
  accounts: Type.Optional(Type.Array(AccountBalance)),
});
export type ChainBalances = Static<typeof ChainBalances>;
export const AgentBalancesView = Type.Object({ chains: Type.Array(ChainBalances) }, { $id: 'AgentBalancesView' });
export type AgentBalancesView = Static<typeof AgentBalancesView>;

export const WatchlistView = Type.Object(
  { watchlist: Type.Array(WatchlistEntry, { description: 'rpcUrl masked: userinfo, query values and key-like path segments are ***' }) },
  { $id: 'WatchlistView' },
);
export type WatchlistView = Static<typeof WatchlistView>;
