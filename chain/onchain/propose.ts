/**
 * One `propose` through a session key, the part the gate and the agent loop's tick share: simulated
 * as the key by the node filling its transaction (the fill estimates its gas by running it), then
 * sent inside an attempt and routed on the receipt's logs (ActionExecuted → ALLOW,
 * IntentCreated → ESCALATE with the intent id). The chain's own refusals never send: UnexpectedVerdict
 * (a DENY of the stack) and SessionValueExceeded (over the key's ceiling) answer DENY; any other revert
 * is thrown, named by the caller. A send recorded under the attempt by an earlier try is routed, not
 * sent again.
 */
import {
  BaseError,
  decodeFunctionData,
  getAddress,
  InsufficientFundsError,
  parseEventLogs,
  parseTransaction,
  type Address,
  type TransactionReceipt,
} from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { Audit } from '../../runtime/audit.js';
import type { Store } from '../../store/types.js';
import type { ChainOutcome } from '../port.js';
import type { ChainBinding } from './binding.js';
import { prepareSend, priorSend, sendInAttempt, type AttemptSent, type Prepared, type SendCall } from './attempt-send.js';
import { describeRevert, PROPOSE_ABI, revertOf } from './failure.js';
import type { Serial } from './serial.js';
import type { SessionKey, SessionKeys } from './session-keys.js';

export interface Spend {
  readonly b: ChainBinding;
  readonly principal: Address;
  readonly target: Address;
  readonly value: bigint;
  readonly asset: { readonly symbol: string; readonly router: Address };
}

/** Who asked, for the audit trail: a run's step, or a tick. */
export interface ProposeContext {
  /** Where the spend came from, carried into its audit event: the run step, or the agent loop's tick. */
  readonly audit: Readonly<{ runId?: string; stepId?: string; tickId?: string }>;
  readonly traceId?: string | undefined;
}

export interface Proposer {
  /** DENY without a transaction. */
  deny(s: Spend, summary: string, extra: Record<string, unknown>): ChainOutcome;
  /** The outcome of a send an earlier try recorded under this attempt, for the target and value it
   * recorded (which `s` may not know yet); undefined when none did. */
  recorded(s: Spend, attemptKey: string, ctx: ProposeContext): Promise<ChainOutcome | undefined>;
  /** Simulated and filled in one request (the fill runs the call to estimate its gas): the
   * transaction to send, or the DENY the simulation gave (nothing to send); any other revert is thrown. */
  prepare(s: Spend, key: SessionKey): Promise<Ready | ChainOutcome>;
  /** Sent inside the attempt and routed. */
  send(s: Spend, key: SessionKey, ready: Ready, attemptKey: string, ctx: ProposeContext): Promise<ChainOutcome>;
  /** `prepare` then `send`. */
  propose(s: Spend, key: SessionKey, attemptKey: string, ctx: ProposeContext): Promise<ChainOutcome>;
}

/** A proposal that simulated cleanly, with its transaction filled. */
export interface Ready {
  readonly call: SendCall;
  readonly prepared: Prepared;
}

export interface ProposerDeps {
  readonly store: Store;
  readonly audit: Audit;
  readonly serial: Serial;
  /** Told what each send paid for gas; asked to top a key up when a fill finds it short. */
  readonly keys: Pick<SessionKeys, 'spent' | 'refuel'>;
}

const isReady = (r: Ready | ChainOutcome): r is Ready => 'prepared' in r;

export function proposer(deps: ProposerDeps): Proposer {
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
    const audit = { ...base, agent: s.principal, ...ctx.audit, ...(recovered ? { recovered: true as const } : {}) };
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

  /** Simulated and filled side by side: what names a revert the fill met (or rules it out). */
  const checked = async (s: Spend, key: SessionKey, call: SendCall, refueled: boolean): Promise<Ready | ChainOutcome> => {
    const account = key.wallet.account;
    // Issued in the same tick, so both go out in one JSON-RPC batch; a revert fails the fill too,
    // and the simulation is the one that names it.
    const [simulated, filled] = await Promise.allSettled([
      s.b.client.simulateContract({ ...call, account } as never),
      prepareSend(key.wallet, call),
    ]);
    if (simulated.status === 'rejected') {
      const err = simulated.reason;
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
    if (filled.status === 'fulfilled') return { call, prepared: filled.value };
    const short = filled.reason instanceof BaseError && filled.reason.walk((e) => e instanceof InsufficientFundsError);
    if (!short || refueled) throw filled.reason;
    // The key's gas ran out sooner than estimated (another process spending through it, a price rise).
    await deps.keys.refuel(s.b, account.address);
    return checked(s, key, call, true);
  };

  const prepare: Proposer['prepare'] = async (s, key) => {
    const call = {
      address: s.asset.router,
      abi: PROPOSE_ABI,
      functionName: 'propose',
      args: [s.principal, s.target, s.value, '0x'] as const,
    };
    // The fill is the simulation: the node estimates the transaction's gas by running it as the key
    // against the latest state (and viem's fallback without the fill estimates it the same way), so
    // a proposal that would revert fails here and nothing comes back to send. Only a failed fill is
    // simulated again on its own, to tell a refusal by the chain (a DENY) from any other failure.
    try {
      return { call, prepared: await prepareSend(key.wallet, call) };
    } catch {
      return checked(s, key, call, false);
    }
  };

  const send: Proposer['send'] = async (s, key, ready, attemptKey, ctx) => {
    const sent = await sendInAttempt(
      deps.store,
      s.b.client,
      deps.serial,
      key.wallet,
      attemptKey,
      key.sessionId,
      ready.call,
      ready.prepared,
    );
    if (sent.receipt.from.toLowerCase() === key.wallet.account.address.toLowerCase())
      deps.keys.spent(key.wallet.account.address, sent.receipt);
    return routed(s, sent, ctx, false);
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

    prepare,
    send,

    async propose(s, key, attemptKey, ctx) {
      const ready = await prepare(s, key);
      return isReady(ready) ? send(s, key, ready, attemptKey, ctx) : ready;
    },
  };
}
