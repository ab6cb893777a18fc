/**
 * One `propose` through a session key, the part the gate and the agent loop's tick share: simulated
 * as the key, then sent inside an attempt and routed on the receipt's logs (ActionExecuted → ALLOW,
 * IntentCreated → ESCALATE with the intent id). The chain's own refusals never send: UnexpectedVerdict
 * (a DENY of the stack) and SessionValueExceeded (over the key's ceiling) answer DENY; any other revert
 * is thrown, named by the caller. A send recorded under the attempt by an earlier try is routed, not
 * sent again.
 */
import { decodeFunctionData, getAddress, parseEventLogs, parseTransaction, type Address, type TransactionReceipt } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { Audit } from '../../runtime/audit.js';
import type { Store } from '../../store/types.js';
import type { ChainOutcome } from '../port.js';
import type { ChainBinding } from './binding.js';
import { priorSend, sendInAttempt, type AttemptSent } from './attempt-send.js';
import { describeRevert, PROPOSE_ABI, revertOf } from './failure.js';
import type { Serial } from './serial.js';
import type { SessionKey } from './session-keys.js';

export interface Spend {
  readonly b: ChainBinding;
  readonly principal: Address;
  readonly target: Address;
  readonly value: bigint;
  readonly asset: { readonly symbol: string; readonly router: Address };
}

/** Who asked, for the audit trail: a run's step, or a tick. */
export interface ProposeContext {
  readonly audit: Readonly<Record<string, unknown>>;
  readonly traceId?: string | undefined;
}

export interface Proposer {
  /** DENY without a transaction. */
  deny(s: Spend, summary: string, extra: Record<string, unknown>): ChainOutcome;
  /** The outcome of a send an earlier try recorded under this attempt, for the target and value it
   * recorded (which `s` may not know yet); undefined when none did. */
  recorded(s: Spend, attemptKey: string, ctx: ProposeContext): Promise<ChainOutcome | undefined>;
  /** Simulate, send inside the attempt, route. */
  propose(s: Spend, key: SessionKey, attemptKey: string, ctx: ProposeContext): Promise<ChainOutcome>;
}

export function proposer(deps: { readonly store: Store; readonly audit: Audit; readonly serial: Serial }): Proposer {
  const deny: Proposer['deny'] = (s, summary, extra) => ({
    verdict: 'DENY',
    summary,
    json: { value: String(s.value), target: s.target, asset: s.asset.symbol, ...extra },
  });

  const routed = async (s: Spend, sent: AttemptSent, ctx: ProposeContext, recovered: boolean): Promise<ChainOutcome> => {
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
    const audit = { ...base, agent: s.principal, ...ctx.audit, ...(recovered ? { recovered: true } : {}) };
    const created = logs.find((l) => l.eventName === 'IntentCreated');
    if (created) {
      const args = created.args as unknown as { id: bigint; approver: Address };
      await deps.audit.record('IntentCreated', { ...audit, intentId: String(args.id), approver: args.approver }, ctx.traceId);
      return {
        verdict: 'ESCALATE',
        summary: `ESCALATE: intent ${args.id} for ${s.value} ${s.asset.symbol} to ${s.target} awaits ${args.approver} (tx ${sent.txHash})`,
        json: { ...base, intentId: String(args.id), approver: args.approver },
      };
    }
    if (logs.some((l) => l.eventName === 'ActionExecuted')) {
      await deps.audit.record('ActionExecuted', audit, ctx.traceId);
      return { verdict: 'ALLOW', summary: `ALLOW: paid ${s.value} ${s.asset.symbol} to ${s.target} (tx ${sent.txHash})`, json: base };
    }
    throw new AppError('flow_step_failed', {
      message: `propose transaction ${sent.txHash} emitted neither ActionExecuted nor IntentCreated`,
    });
  };

  return {
    deny,

    async recorded(s, attemptKey, ctx) {
      if (attemptKey === '') return undefined;
      const prior = await priorSend(deps.store, s.b.client, attemptKey);
      if (!prior) return undefined;
      const data = parseTransaction(prior.rawTx).data;
      const call = data === undefined ? undefined : decodeFunctionData({ abi: PROPOSE_ABI, data });
      const args = call?.functionName === 'propose' ? (call.args as readonly [Address, Address, bigint, unknown]) : undefined;
      const sent = args ? { ...s, target: getAddress(args[1]), value: args[2] } : s;
      return routed(sent, prior, ctx, true);
    },

    async propose(s, key, attemptKey, ctx) {
      const call = {
        address: s.asset.router,
        abi: PROPOSE_ABI,
        functionName: 'propose',
        args: [s.principal, s.target, s.value, '0x'] as const,
      };
      try {
        await s.b.client.simulateContract({ ...call, account: key.wallet.account } as never);
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
      const sent = await sendInAttempt(deps.store, s.b.client, deps.serial, key.wallet, attemptKey, key.sessionId, call);
      return routed(s, sent, ctx, false);
    },
  };
}
