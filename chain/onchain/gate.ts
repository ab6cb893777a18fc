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
import { getAddress, isAddress, parseEventLogs, type Address, type TransactionReceipt } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { Audit } from '../../runtime/audit.js';
import type { Store } from '../../store/types.js';
import { pauseOf } from '../../store/paused.js';
import type { ActionScope, ChainOutcome, SpendProposal } from '../port.js';
import type { ChainBinding } from './binding.js';
import type { CurrentBinding } from './current.js';
import { authorityReader, type AuthorityReader, type SpendScope } from './authority.js';
import { priorSend, sendInAttempt, type AttemptSent } from './attempt-send.js';
import { chainFailure, describeRevert, PROPOSE_ABI, revertOf } from './failure.js';
import type { Serial } from './serial.js';
import { PROPOSE_AND_SPEND, PROPOSE_ONLY, type SessionKeys } from './session-keys.js';

export interface GateDeps {
  readonly binding: CurrentBinding;
  readonly store: Store;
  readonly audit: Audit;
  readonly keys: SessionKeys;
  readonly serial: Serial;
}

interface Spend {
  readonly b: ChainBinding;
  readonly principal: Address;
  readonly target: Address;
  readonly value: bigint;
  readonly asset: { readonly symbol: string; readonly router: Address };
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

  const deny = (s: Spend, summary: string, extra: Record<string, unknown>): ChainOutcome => ({
    verdict: 'DENY',
    summary,
    json: { value: String(s.value), target: s.target, asset: s.asset.symbol, ...extra },
  });

  /** Routes the receipt of a sent (or earlier sent) proposal and audits what it did. */
  const routed = async (s: Spend, sent: AttemptSent, req: SpendProposal, recovered: boolean): Promise<ChainOutcome> => {
    const r: TransactionReceipt = sent.receipt;
    const base = {
      txHash: sent.txHash,
      sessionId: sent.sessionId === null ? null : String(sent.sessionId),
      value: String(s.value),
      target: s.target,
      asset: s.asset.symbol,
    };
    if (r.status !== 'success')
      throw new AppError('flow_step_failed', { message: `propose transaction ${sent.txHash} reverted on chain after a clean simulation` });
    const logs = parseEventLogs({ abi: PROPOSE_ABI, logs: r.logs.filter((l) => l.address.toLowerCase() === s.asset.router.toLowerCase()) });
    const audit = { ...base, agent: s.principal, runId: req.runId, stepId: req.stepId, ...(recovered ? { recovered: true } : {}) };
    const created = logs.find((l) => l.eventName === 'IntentCreated');
    if (created) {
      const args = created.args as unknown as { id: bigint; approver: Address };
      await deps.audit.record('IntentCreated', { ...audit, intentId: String(args.id), approver: args.approver }, req.traceId);
      return {
        verdict: 'ESCALATE',
        summary: `ESCALATE: intent ${args.id} for ${s.value} ${s.asset.symbol} to ${s.target} awaits ${args.approver} (tx ${sent.txHash})`,
        json: { ...base, intentId: String(args.id), approver: args.approver },
      };
    }
    if (logs.some((l) => l.eventName === 'ActionExecuted')) {
      await deps.audit.record('ActionExecuted', audit, req.traceId);
      return { verdict: 'ALLOW', summary: `ALLOW: paid ${s.value} ${s.asset.symbol} to ${s.target} (tx ${sent.txHash})`, json: base };
    }
    throw new AppError('flow_step_failed', {
      message: `propose transaction ${sent.txHash} emitted neither ActionExecuted nor IntentCreated`,
    });
  };

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
      try {
        const prior = attemptKey === '' ? undefined : await priorSend(deps.store, b.client, attemptKey);
        if (prior) return await routed(s, prior, req, true);
        if (await pauseOf(deps.store, req.principal))
          throw new AppError('principal_paused', { message: `${req.principal} is paused: no session key, nothing proposed` });

        const reader = readerOf(b);
        const auth = await reader.verdict(s.asset.router, s.principal, scope?.ref, s.target, s.value);
        if (auth.verdict === 'DENY')
          return deny(s, `DENY by the policy stack of ${auth.decidedBy}: nothing sent`, {
            reason: 'policy_deny',
            decidedBy: auth.decidedBy,
          });

        const maxValue = await reader.ceiling(getAddress(b.deployment.org), s.asset.router, s.principal, scope);
        const mask = auth.verdict === 'ESCALATE' ? PROPOSE_ONLY : PROPOSE_AND_SPEND;
        const key = await deps.keys.keyFor(b, { agent: s.principal, maxValue, mask, pins: [s.target] }, req.traceId);
        const call = {
          address: s.asset.router,
          abi: PROPOSE_ABI,
          functionName: 'propose',
          args: [s.principal, s.target, s.value, '0x'] as const,
        };
        try {
          await b.client.simulateContract({ ...call, account: key.wallet.account } as never);
        } catch (err) {
          const r = revertOf(err);
          if (r?.name === 'UnexpectedVerdict')
            return deny(s, `DENY: the chain's policy refuses it (${describeRevert(r)}): nothing sent`, {
              reason: 'policy_deny',
              sessionId: String(key.sessionId),
            });
          if (r?.name === 'SessionValueExceeded') {
            const max = String(r.args[2]);
            return deny(s, `DENY: ${s.value} is over the session ceiling ${max} (SessionValueExceeded): nothing sent`, {
              reason: 'SessionValueExceeded',
              max,
              sessionId: String(key.sessionId),
            });
          }
          throw err;
        }
        const sent = await sendInAttempt(deps.store, b.client, deps.serial, key.wallet, attemptKey, key.sessionId, call);
        return await routed(s, sent, req, false);
      } catch (err) {
        throw chainFailure(err, `proposing ${s.value} ${s.asset.symbol} to ${s.target}`);
      }
    },
  };
}
