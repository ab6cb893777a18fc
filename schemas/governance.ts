/**
 * The governance write routes and the proposal reads (docs/chain.md "Governance routes"): bodies
 * and replies. Every write is a GovernanceModule proposal raised by the orchestrator's seat; none
 * changes a policy by itself.
 */
import { Type, type Static } from 'typebox';
import { Address } from './chain-config.js';
import { IdString, IdToken } from './text.js';

const Decimal = Type.String({ pattern: '^(0|[1-9][0-9]{0,77})$', description: 'a non-negative integer as a decimal string' });
const ProposalId = Type.String({ pattern: '^[1-9][0-9]{0,30}$', description: 'a proposal id, a decimal string' });
const AssetSymbol = Type.Optional(
  IdToken({ maxLength: 32, description: 'the asset stack whose router and modules are meant (default the primary)' }),
);
const TierName = Type.Union([Type.Literal('low'), Type.Literal('high')]);

/** Seconds in a week: a rate window longer than that is not one svc deploys. */
export const MAX_RATE_WINDOW_SECONDS = 7 * 24 * 3600;

export const StackMember = Type.Union([
  Type.Object({ kind: Type.Literal('whitelist') }, { additionalProperties: false }),
  Type.Object({ kind: Type.Literal('spend_cap') }, { additionalProperties: false }),
  Type.Object(
    {
      kind: Type.Literal('rate_limit'),
      maxActions: Type.Integer({ minimum: 1, maximum: 4_294_967_295 }),
      windowSeconds: Type.Integer({ minimum: 1, maximum: MAX_RATE_WINDOW_SECONDS }),
    },
    { additionalProperties: false },
  ),
  Type.Object(
    {
      kind: Type.Literal('time_window'),
      start: Type.Integer({ minimum: 0, maximum: 86_399, description: 'UTC second of the day the window opens' }),
      end: Type.Integer({ minimum: 1, maximum: 86_400, description: 'UTC second of the day it closes (after start)' }),
    },
    { additionalProperties: false },
  ),
]);
export type StackMember = Static<typeof StackMember>;

export const ProposeNodeStackBody = Type.Object(
  {
    node: Address,
    asset: AssetSymbol,
    modules: Type.Array(StackMember, { minItems: 1, maxItems: 8, description: 'the stack in order; the first DENY wins' }),
  },
  { additionalProperties: false },
);
export type ProposeNodeStackBody = Static<typeof ProposeNodeStackBody>;

export const ProposeSetWhitelistBody = Type.Object(
  {
    target: Address,
    allowed: Type.Boolean(),
    asset: AssetSymbol,
    node: Type.Optional(Address),
    tier: Type.Optional(TierName),
  },
  { additionalProperties: false, description: "`node` picks whose stack's whitelist (default the router's default stack)" },
);
export type ProposeSetWhitelistBody = Static<typeof ProposeSetWhitelistBody>;

export const ProposeSetAgentCapBody = Type.Object(
  { agent: Address, cap: Decimal, asset: AssetSymbol, tier: Type.Optional(TierName) },
  { additionalProperties: false },
);
export type ProposeSetAgentCapBody = Static<typeof ProposeSetAgentCapBody>;

/** A policy module as a marketplace lists it: a standard kind svc resolves on this chain, or a
 * module already deployed on a named chain. */
export const PolicyModuleListing = Type.Object(
  {
    name: IdString({ maxLength: 80 }),
    kind: Type.Union([
      Type.Literal('whitelist'),
      Type.Literal('spend_cap'),
      Type.Literal('rate_limit'),
      Type.Literal('time_window'),
      Type.Literal('custom'),
    ]),
    chainId: Type.Optional(Type.Integer({ minimum: 1 })),
    address: Type.Optional(Address),
    params: Type.Optional(
      Type.Object(
        {
          maxActions: Type.Optional(Type.Integer({ minimum: 1, maximum: 4_294_967_295 })),
          windowSeconds: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_RATE_WINDOW_SECONDS })),
          start: Type.Optional(Type.Integer({ minimum: 0, maximum: 86_399 })),
          end: Type.Optional(Type.Integer({ minimum: 1, maximum: 86_400 })),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type PolicyModuleListing = Static<typeof PolicyModuleListing>;

export const AttachPolicyModuleBody = Type.Object(
  { node: Address, asset: AssetSymbol, listing: PolicyModuleListing },
  { additionalProperties: false },
);
export type AttachPolicyModuleBody = Static<typeof AttachPolicyModuleBody>;

export const RaisedProposal = Type.Object({
  proposalId: ProposalId,
  tier: TierName,
  txHash: Type.String(),
  target: Address,
  calldata: Type.String(),
  /** The governed call, `name(arg, ...)`. */
  action: Type.String(),
});
export type RaisedProposal = Static<typeof RaisedProposal>;

export const GovernanceProposeReply = Type.Object(
  {
    asset: Type.String(),
    /** True when the chain already holds what was asked: nothing was proposed. */
    unchanged: Type.Boolean(),
    /** attach-policy-module: the module is already in the node's stack; nothing was proposed. */
    alreadyBound: Type.Optional(Type.Boolean()),
    node: Type.Optional(Address),
    /** propose-node-stack, attach-policy-module: the stack the proposal would bind, and its members in order. */
    stack: Type.Optional(Address),
    modules: Type.Optional(Type.Array(Address)),
    /** Contracts deployed for this proposal (a new stack, a new rate or window module). */
    deployed: Type.Array(Address),
    proposals: Type.Array(RaisedProposal),
  },
  { $id: 'GovernanceProposeReply' },
);
export type GovernanceProposeReply = Static<typeof GovernanceProposeReply>;

/** Whether `execute` would pass now by the module's rules, and if not, why. */
export const Clearance = Type.Union([
  Type.Literal('cleared'),
  Type.Literal('short_of_quorum'),
  Type.Literal('timelocked'),
  Type.Literal('would_defeat'),
  Type.Literal('closed'),
]);
export type Clearance = Static<typeof Clearance>;

export const ProposalView = Type.Object(
  {
    proposalId: ProposalId,
    tier: TierName,
    state: Type.Union([Type.Literal('Active'), Type.Literal('Executed'), Type.Literal('Vetoed'), Type.Literal('Defeated')]),
    proposer: Address,
    target: Address,
    yes: Decimal,
    no: Decimal,
    yesHuman: Decimal,
    noHuman: Decimal,
    deadline: Type.String({ description: 'ISO time voting closes' }),
    eta: Type.String({ description: 'ISO time a High proposal may execute without the fast path' }),
    clearance: Clearance,
    /** The governed calldata and its decoding (absent when its ProposalCreated event cannot be read). */
    calldata: Type.Optional(Type.String()),
    action: Type.Optional(Type.String()),
  },
  { $id: 'ProposalView' },
);
export type ProposalView = Static<typeof ProposalView>;

export const ProposalsQuery = Type.Object(
  {
    state: Type.Optional(Type.Union([Type.Literal('Active'), Type.Literal('Executed'), Type.Literal('Vetoed'), Type.Literal('Defeated')])),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 50 })),
  },
  { additionalProperties: false },
);
export type ProposalsQuery = Static<typeof ProposalsQuery>;

export const ProposalsView = Type.Object(
  {
    /** Chain time the clearances were judged at. */
    at: Type.String(),
    proposals: Type.Array(ProposalView, { description: 'newest first' }),
  },
  { $id: 'ProposalsView' },
);
export type ProposalsView = Static<typeof ProposalsView>;

export const ProposalParams = Type.Object({ id: ProposalId }, { additionalProperties: false });
export const VoteBody = Type.Object({ support: Type.Boolean() }, { additionalProperties: false });

export const ProposalActionReply = Type.Object(
  {
    proposalId: ProposalId,
    txHash: Type.String(),
    state: ProposalView.properties.state,
    countedWeight: Type.Optional(Decimal),
  },
  { $id: 'ProposalActionReply' },
);
export type ProposalActionReply = Static<typeof ProposalActionReply>;
