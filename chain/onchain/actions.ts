/**
 * What an `org` or `budget` step asks for, as the governed call that would do it (docs/chain.md
 * "Org, budget and governance steps") and the two numbers SpendCapPolicy judges it by:
 * the node or spend target it touches and the cap or amount at stake.
 *
 * The amount at stake: set-cap the new cap, a grant its amount, set-whitelist the `amount` the
 * listing is for (default 0); every other org action the touched node's current cap, so a seat
 * changes at Low tier only nodes whose authority is within its own.
 */
import { encodeFunctionData, getAddress, isAddress, type Abi, type Address, type Hex, type PublicClient } from 'viem';
import { EpochStreamer, EscalationRouter, OrgRegistry, SpendCapPolicy, WhitelistPolicy } from '../artifacts/index.js';
import type { DeployedAsset, Deployment } from '../../schemas/chain-config.js';
import { AppError } from '../../schemas/errors.js';
import { moduleOf } from './modules.js';

export interface GovernedCall {
  /** The contract the governor will call. */
  readonly target: Address;
  readonly calldata: Hex;
  /** What SpendCapPolicy's check is asked about. */
  readonly checkTarget: Address;
  readonly checkValue: bigint;
  /** One line for the trace: `removeNode(0x…)`. */
  readonly describe: string;
}

/** OrgRegistry's NodeKind numbering. */
const NODE_KIND = { human: 1, manager: 2, worker: 3 } as const;

export interface ActionContext {
  readonly client: PublicClient;
  /** OrgRegistry, and the chosen asset's router and streamer. */
  readonly org: Address;
  readonly router: Address;
  readonly streamer: Address;
  readonly principal: Address;
}

/** The deployment's address book holds checked strings; this is the one place they become viem addresses. */
export function actionContext(client: PublicClient, deployment: Deployment, asset: DeployedAsset, principal: Address): ActionContext {
  return { client, org: deployment.org as Address, router: asset.router as Address, streamer: asset.streamer as Address, principal };
}

export function address(value: string | undefined, what: string): Address {
  if (value === undefined || !isAddress(value, { strict: false }))
    throw new AppError('invalid_request', {
      message: `${what} must be a 0x address (got ${value === undefined ? 'nothing' : JSON.stringify(value.slice(0, 66))})`,
    });
  return getAddress(value);
}

export function amount(value: string | undefined, what: string): bigint {
  if (value === undefined || !/^(0|[1-9][0-9]{0,77})$/.test(value))
    throw new AppError('invalid_request', {
      message: `${what} must be a non-negative integer in base units (got ${JSON.stringify(value ?? '')})`,
    });
  return BigInt(value);
}

function call(
  target: Address,
  abi: Abi,
  functionName: string,
  args: readonly unknown[],
  check: { target: Address; value: bigint },
): GovernedCall {
  return {
    target,
    calldata: encodeFunctionData({ abi, functionName, args } as never),
    checkTarget: check.target,
    checkValue: check.value,
    describe: `${functionName}(${args.map(String).join(', ')})`,
  };
}

async function capOf(ctx: ActionContext, node: Address): Promise<bigint> {
  const cap = await moduleOf(ctx.client, ctx.router, node, 'spend_cap');
  return ctx.client.readContract({ address: cap, abi: SpendCapPolicy.abi, functionName: 'capOf', args: [node] });
}

export async function orgCall(
  ctx: ActionContext,
  action: string,
  nodeRaw: string | undefined,
  params: Record<string, string>,
): Promise<GovernedCall> {
  const node = address(nodeRaw, `org ${action}: node`);
  const org = ctx.org;
  const asNode = async () => ({ target: node, value: await capOf(ctx, node) });
  switch (action) {
    case 'hire': {
      const kind = params.kind ?? 'worker';
      if (!(kind in NODE_KIND))
        throw new AppError('invalid_request', {
          message: `org hire: params.kind must be worker, manager or human (got ${JSON.stringify(kind)})`,
        });
      const parent = params.parent === undefined ? ctx.principal : address(params.parent, 'org hire: params.parent');
      return call(org, OrgRegistry.abi, 'addNode', [node, NODE_KIND[kind as keyof typeof NODE_KIND], parent], await asNode());
    }
    case 'fire':
      return call(org, OrgRegistry.abi, 'removeNode', [node], await asNode());
    case 'activate':
    case 'deactivate':
      return call(org, OrgRegistry.abi, 'setActive', [node, action === 'activate'], await asNode());
    case 'reparent':
      return call(org, OrgRegistry.abi, 'reparent', [node, address(params.parent, 'org reparent: params.parent')], await asNode());
    case 'set-cap': {
      const cap = amount(params.cap, 'org set-cap: params.cap');
      const policy = await moduleOf(ctx.client, ctx.router, node, 'spend_cap');
      return call(policy, SpendCapPolicy.abi, 'setAgentCap', [node, cap], { target: node, value: cap });
    }
    case 'set-whitelist': {
      const listed = address(params.target ?? nodeRaw, 'org set-whitelist: params.target');
      const policy = await moduleOf(ctx.client, ctx.router, ctx.principal, 'whitelist');
      const value = params.amount === undefined ? 0n : amount(params.amount, 'org set-whitelist: params.amount');
      return call(policy, WhitelistPolicy.abi, 'setAllowed', [listed, params.allowed !== 'false'], { target: listed, value });
    }
    case 'set-policy':
      return call(
        ctx.router,
        EscalationRouter.abi,
        'setNodePolicy',
        [node, address(params.policy, 'org set-policy: params.policy')],
        await asNode(),
      );
    default:
      throw new AppError('invalid_request', { message: `org: unknown action ${JSON.stringify(action)}` });
  }
}

/** `raise-grant` and `stream-allowance` both set a recipient's per-epoch grant on the asset's streamer. */
export function grantCall(ctx: ActionContext, action: string, params: Record<string, string>): GovernedCall {
  const recipient = params.recipient === undefined ? ctx.principal : address(params.recipient, `budget ${action}: params.recipient`);
  const value = amount(params.amount, `budget ${action}: params.amount`);
  return call(ctx.streamer, EpochStreamer.abi, 'setGrant', [recipient, value], { target: recipient, value });
}
