/**
 * The `gate` step on a chain (CHAIN.md §2 steps 1–4): the stricter verdict of the principal's and
 * the scope's stacks (DENY → onDeny, nothing sent); the session ceiling; a cached or new key for
 * (agent, ceiling, target, mask), with PROPOSE only when the verdict is ESCALATE so the chain
 * cannot settle it; `propose` simulated as the key, then sent inside the attempt and routed on the
 * receipt's logs: ActionExecuted → ALLOW, IntentCreated → ESCALATE (the intent id).
 *
 * Which port a ceiling takes: a value over the key's maxValue reverts `SessionValueExceeded` in the
 * simulation and routes onDeny (verdict DENY, `reason: 'SessionValueExceeded'` and `max` in the
 * output), never onEscalate: ceilings do not escalate. UnexpectedVerdict (the chain's own DENY)
 * routes onDeny too; any other revert fails the step, named.
 */
import { getAddress, isAddress, type Address } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { Audit } from '../../runtime/audit.js';
import type { Store } from '../../store/types.js';
import { pauseOf } from '../../store/paused.js';
import type { ActionScope, ChainOutcome, SpendProposal } from '../port.js';
import type { ChainBinding } from './binding.js';
import type { CurrentBinding } from './current.js';
import { authorityReader, type AuthorityReader, type SpendScope } from './authority.js';
import { chainFailure } from './failure.js';
import { proposer, type Spend } from './propose.js';
import type { Serial } from './serial.js';
import { PROPOSE_AND_SPEND, PROPOSE_ONLY, type SessionKeys } from './session-keys.js';

export interface GateDeps {
  readonly binding: CurrentBinding;
  readonly store: Store;
  readonly audit: Audit;
  readonly keys: SessionKeys;
  readonly serial: Serial;
}

function address(what: string, v: string | undefined): Address {
  if (v === undefined || !isAddress(v, { strict: false }))
    throw new AppError('flow_step_failed', {
      message: `a gate on a chain needs ${what} as a 0x address (got ${v === undefined ? 'none' : JSON.stringify(v)})`,
    });
  return getAddress(v);
}

function scopeOf(scope: ActionScope | undefined): SpendScope | undefined {
  if (!scope) return undefined;
  if (scope.level === 'org' || scope.ref === undefined) return { level: scope.level };
  return { level: scope.level, ref: address(`the flow's scope ref`, scope.ref) };
}

export function gatePort(deps: GateDeps): { proposeSpend(req: SpendProposal): Promise<ChainOutcome> } {
  const readers = new WeakMap<ChainBinding, AuthorityReader>();
  const readerOf = (b: ChainBinding) => {
    let r = readers.get(b);
    if (!r) readers.set(b, (r = authorityReader(b.client)));
    return r;
  };
  const p = proposer(deps);

  return {
    async proposeSpend(req) {
      const b = deps.binding();
      if (!b)
        throw new AppError('chain_unavailable', {
          message: 'the chain is configured but not bound yet (a dev chain still deploying, or no deployment): nothing was proposed',
        });
      const asset = b.asset(req.asset);
      if (!/^\d{1,78}$/.test(req.value))
        throw new AppError('flow_step_failed', {
          message: `gate value must be base units as a decimal string (got ${JSON.stringify(req.value)})`,
        });
      const s: Spend = {
        b,
        principal: address('the run principal', req.principal),
        target: address('a target', req.target),
        value: BigInt(req.value),
        asset: { symbol: asset.symbol, router: getAddress(asset.router) },
      };
      const scope = scopeOf(req.scope);
      const attemptKey = req.attemptKey ?? '';
      const ctx = { audit: { runId: req.runId, stepId: req.stepId }, traceId: req.traceId };
      try {
        const prior = await p.recorded(s, attemptKey, ctx);
        if (prior) return prior;
        if (await pauseOf(deps.store, req.principal))
          throw new AppError('principal_paused', { message: `${req.principal} is paused: no session key, nothing proposed` });

        const reader = readerOf(b);
        const auth = await reader.verdict(s.asset.router, s.principal, scope?.ref, s.target, s.value);
        if (auth.verdict === 'DENY')
          return p.deny(s, `DENY by the policy stack of ${auth.decidedBy}: nothing sent`, {
            reason: 'policy_deny',
            decidedBy: auth.decidedBy,
          });

        const maxValue = await reader.ceiling(getAddress(b.deployment.org), s.asset.router, s.principal, scope);
        const mask = auth.verdict === 'ESCALATE' ? PROPOSE_ONLY : PROPOSE_AND_SPEND;
        const key = await deps.keys.keyFor(b, { agent: s.principal, maxValue, mask, pins: [s.target] }, req.traceId);
        return await p.propose(s, key, attemptKey, ctx);
      } catch (err) {
        throw chainFailure(err, `proposing ${s.value} ${s.asset.symbol} to ${s.target}`);
      }
    },
  };
}
