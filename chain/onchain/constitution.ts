/**
 * The constitutional steps on a live chain (docs/chain.md "Org, budget and governance steps"):
 * `org` and `budget` never write directly, they raise a GovernanceModule proposal whose tier the
 * asset's SpendCapPolicy picks (ALLOW → Low, ESCALATE → High); DENY raises nothing and routes
 * onDeny. `budget: run-epoch` is the one direct write (the orchestrator is the streamer's
 * operator). `governance` acts as the orchestrator's seat. Every proposal and vote is sent by the
 * orchestrator's wallet: it holds the seat, and no key leaves the binding.
 *
 * The verdict is the stricter of the principal's and, for a team or agent scope naming another
 * node, the scope's: each read from the SpendCapPolicy in its own stack. An inactive or unknown
 * principal is DENY: OrgRegistry lets an inactive node propose nothing, so
 * its constitutional steps raise nothing either.
 */
import type { Address, PublicClient } from 'viem';
import { EpochStreamer, OrgRegistry, SpendCapPolicy } from '../artifacts/index.js';
import type { BudgetAction, ChainOutcome, ChainPort, OrgAction } from '../port.js';
import type { Verdict } from '../../schemas/flows.js';
import { AppError } from '../../schemas/errors.js';
import type { ChainBinding } from './binding.js';
import type { CurrentBinding } from './current.js';
import { actionContext, address, grantCall, orgCall, type ActionContext, type GovernedCall } from './actions.js';
import { execute, propose, stateOf, veto, vote, type GovernanceClient, type Tier } from './governance.js';
import { moduleOf } from './modules.js';
import { send } from './tx.js';

export interface ConstitutionDeps {
  readonly log: { info(obj: object, msg: string): void };
}

const VERDICTS: readonly Verdict[] = ['ALLOW', 'ESCALATE', 'DENY'];

export function constitutionPort(current: CurrentBinding, deps: ConstitutionDeps): Pick<ChainPort, 'org' | 'budget' | 'governance'> {
  const bound = (): ChainBinding => {
    const b = current();
    if (!b) throw new AppError('chain_unavailable', { message: 'the chain is unavailable: no deployment is bound yet' });
    return b;
  };
  const seat = (b: ChainBinding): GovernanceClient => {
    if (!b.orchestrator)
      throw new AppError('orchestrator_key_missing', {
        message: "no orchestrator key (SVC_ORCH_PRIVATE_KEY): the orchestrator's seat cannot send",
      });
    return { client: b.client, governance: b.deployment.governance as Address, wallet: b.orchestrator };
  };

  /** Judge, then raise at the tier the verdict picks, or nothing on DENY. */
  async function constitutional(
    req: OrgAction | BudgetAction,
    kind: 'org' | 'budget',
    build: (ctx: ActionContext) => Promise<GovernedCall>,
  ): Promise<ChainOutcome> {
    const b = bound();
    const principal = address(req.principal, `${kind} ${req.action}: the principal`);
    const asset = b.asset(req.params.asset);
    const ctx = actionContext(b.client, b.deployment, asset, principal);
    const governed = await build(ctx);
    const { verdict, reason } = await judge(b.client, ctx, req, governed);
    const label = `${kind} ${req.action}: ${governed.describe}`;
    if (verdict === 'DENY') {
      return { verdict, summary: `${label}: DENY (${reason}); nothing proposed`, json: { proposed: false, reason } };
    }
    const tier: Tier = verdict === 'ALLOW' ? 'low' : 'high';
    const p = await propose(seat(b), tier, governed.target, governed.calldata, governed.describe);
    deps.log.info(
      { runId: req.runId, stepId: req.stepId, proposalId: p.proposalId, tier: p.tier, txHash: p.txHash },
      `${kind} ${req.action} proposed`,
    );
    return {
      verdict,
      summary: `${label}: ${verdict} (${reason}); ${p.tier}-tier proposal ${p.proposalId} raised (tx ${p.txHash})`,
      json: { ...p, target: governed.target, calldata: governed.calldata },
    };
  }

  return {
    org: (req) => constitutional(req, 'org', (ctx) => orgCall(ctx, req.action, req.node, req.params)),
    async budget(req) {
      if (req.action === 'run-epoch') return runEpoch(bound(), req);
      return constitutional(req, 'budget', async (ctx) => grantCall(ctx, req.action, req.params));
    },
    async governance(req) {
      const g = seat(bound());
      const id = (): bigint => {
        const raw = req.proposal ?? req.params.proposal;
        if (raw === undefined || !/^[1-9][0-9]{0,30}$/.test(raw))
          throw new AppError('invalid_request', {
            message: `governance ${req.action}: proposal must be a proposal id (got ${JSON.stringify(raw ?? '')})`,
          });
        return BigInt(raw);
      };
      switch (req.action) {
        case 'propose': {
          const tier = req.params.tier ?? 'high';
          if (tier !== 'low' && tier !== 'high')
            throw new AppError('invalid_request', {
              message: `governance propose: params.tier must be low or high (got ${JSON.stringify(tier)})`,
            });
          const target = address(req.params.target, 'governance propose: params.target');
          const data = req.params.data ?? '';
          if (!/^0x([0-9a-fA-F]{2})*$/.test(data))
            throw new AppError('invalid_request', { message: 'governance propose: params.data must be 0x-prefixed calldata' });
          const p = await propose(g, tier, target, data as `0x${string}`, `call to ${target}`);
          return {
            summary: `governance: ${p.tier}-tier proposal ${p.proposalId} raised (tx ${p.txHash})`,
            json: { ...p, target, calldata: data },
          };
        }
        case 'vote': {
          const support = req.params.support ?? 'yes';
          if (!['yes', 'no', 'true', 'false'].includes(support))
            throw new AppError('invalid_request', {
              message: `governance vote: params.support must be yes or no (got ${JSON.stringify(support)})`,
            });
          const yes = support === 'yes' || support === 'true';
          const v = await vote(g, id(), yes);
          return {
            summary: `governance: voted ${yes ? 'yes' : 'no'} on proposal ${id()} with weight ${v.countedWeight} (tx ${v.txHash})`,
            json: { proposalId: String(id()), support: yes, ...v },
          };
        }
        case 'veto': {
          const v = await veto(g, id());
          return {
            summary: `governance: proposal ${id()} vetoed (tx ${v.txHash})`,
            json: { proposalId: String(id()), state: await stateOf(g, id()), ...v },
          };
        }
        case 'execute': {
          const e = await execute(g, id());
          return {
            summary: `governance: proposal ${id()} ${e.state === 'Defeated' ? 'closed Defeated (more no than yes), nothing called' : e.state.toLowerCase()} (tx ${e.txHash})`,
            json: { proposalId: String(id()), ...e },
          };
        }
        default:
          throw new AppError('invalid_request', { message: `governance: unknown action ${JSON.stringify(req.action)}` });
      }
    },
  };
}

async function judge(
  client: PublicClient,
  ctx: ActionContext,
  req: OrgAction | BudgetAction,
  governed: GovernedCall,
): Promise<{ verdict: Verdict; reason: string }> {
  const active = await client.readContract({ address: ctx.org, abi: OrgRegistry.abi, functionName: 'isActive', args: [ctx.principal] });
  if (!active) return { verdict: 'DENY', reason: `principal ${ctx.principal} is not an active org node` };
  const seats: Address[] = [ctx.principal];
  const ref = req.scope?.ref;
  if (req.scope && req.scope.level !== 'org' && ref !== undefined && ref.toLowerCase() !== ctx.principal.toLowerCase())
    seats.push(address(ref, `the flow's ${req.scope.level} scope ref`));
  let worst = 0;
  const parts: string[] = [];
  for (const who of seats) {
    const policy = await moduleOf(client, ctx.router, who, 'spend_cap');
    const v = await client.readContract({
      address: policy,
      abi: SpendCapPolicy.abi,
      functionName: 'check',
      args: [who, governed.checkTarget, governed.checkValue, '0x'],
    });
    const cap = await client.readContract({ address: policy, abi: SpendCapPolicy.abi, functionName: 'capOf', args: [who] });
    worst = Math.max(worst, Math.min(v, 2));
    parts.push(`${who === ctx.principal ? 'principal' : 'scope'} cap ${cap} vs ${governed.checkValue}`);
  }
  return { verdict: VERDICTS[worst]!, reason: parts.join('; ') };
}

/** The direct write: the streamer streams every grant once per epoch window. */
async function runEpoch(b: ChainBinding, req: BudgetAction): Promise<ChainOutcome> {
  if (!b.orchestrator)
    throw new AppError('orchestrator_key_missing', {
      message: "no orchestrator key (SVC_ORCH_PRIVATE_KEY): the streamer's operator cannot send",
    });
  const asset = b.asset(req.params.asset);
  const sent = await send(
    b.client,
    b.orchestrator,
    { address: asset.streamer as Address, abi: EpochStreamer.abi, functionName: 'runNextEpoch', args: [] },
    `EpochStreamer.runNextEpoch on ${asset.symbol}`,
  );
  const run = sent.events.find((e) => e.eventName === 'EpochRun');
  const epoch = String(run?.args.epoch ?? sent.result);
  const streamed = Number(run?.args.recipients ?? 0);
  const total = String(run?.args.total ?? '0');
  return {
    verdict: 'ALLOW',
    summary: `epoch ${epoch} on ${asset.symbol}: ${streamed} grant(s) streamed, ${total} base units reserved (tx ${sent.txHash})`,
    json: { asset: asset.symbol, epoch, txHash: sent.txHash, streamed, total },
  };
}
