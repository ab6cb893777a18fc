/**
 * The `gate` step on a chain (docs/chain.md "The `gate` step on a chain", steps 1-4): the stricter verdict of the principal's and
 * the scope's stacks (DENY → onDeny, nothing sent); the session ceiling; a cached or new key for
 * (agent, ceiling, target, mask), with PROPOSE only when the verdict is ESCALATE so the chain
 * cannot settle it; `propose` simulated as the key, then sent inside the attempt and routed on the
 * receipt's logs: ActionExecuted → ALLOW, IntentCreated → ESCALATE (the intent id).
 *
 * Which port a ceiling takes: a value over the key's maxValue reverts `SessionValueExceeded` in the
 * simulation and routes onDeny (verdict DENY, `reason: 'SessionValueExceeded'` and `max` in the
 * output), never onEscalate: ceilings do not escalate. UnexpectedVerdict (the chain's own DENY)
 * routes onDeny too; any other revert fails the step, named.
 *
 * One round trip for all of that in the usual case: the authority reads go out together (each
 * dependent read on what it answered last time, checked against its fresh answer), and beside them
 * the key the last step with the same principal, target and scope used is checked live and its
 * `propose` simulated and filled. That key is used only when the reads pick the same bounds and it
 * is still live; otherwise the step takes its key as it would have and simulates again. Either
 * way nothing is sent before both the authority reads and the simulation said it may be.
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
import { proposer, type Ready, type Spend } from './propose.js';
import type { Serial } from './serial.js';
import { PROPOSE_AND_SPEND, PROPOSE_ONLY, type SessionKey, type SessionKeys } from './session-keys.js';

/** Principal, target and scope combinations whose last bounds are kept; the oldest is forgotten first. */
const REMEMBERED = 1024;

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
    if (!r) readers.set(b, (r = authorityReader(b.read)));
    return r;
  };
  const p = proposer(deps);
  type Bounds = Parameters<SessionKeys['keyFor']>[1];
  /** The bounds the last step of a principal, target, asset and scope took its key under. */
  const lastBounds = new Map<string, Bounds>();
  const sameBounds = (a: Bounds, b: Bounds) =>
    a.agent === b.agent && a.maxValue === b.maxValue && a.mask === b.mask && a.pins.join() === b.pins.join();
  /** Settled at once: a guess that is not used must not leave an unhandled rejection behind. */
  const settle = <T>(p: Promise<T>) =>
    p.then(
      (value) => ({ ok: true as const, value }),
      (error: unknown) => ({ ok: false as const, error }),
    );
  const unwrap = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
    if (!r.ok) throw r.error;
    return r.value;
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
      const ctx = { audit: { runId: req.runId, stepId: req.stepId }, traceId: req.traceId };
      try {
        // The store's answers (a send recorded by an earlier try, a pause) and the chain's reads are
        // asked for side by side; nothing is decided, issued or sent before all of them are in.
        const recorded = settle(p.recorded(s, attemptKey, ctx));
        const paused = settle(pauseOf(deps.store, req.principal));
        const plan = [b.deployment.sessions, s.asset.router, s.principal, s.target, scope?.level, scope?.ref].join('|').toLowerCase();
        const guess = lastBounds.get(plan);
        const early = guess === undefined ? undefined : deps.keys.recent(b, guess);
        const tried = early && { live: settle(early.live()), ready: settle(p.prepare(s, early)) };
        const reading = settle(readerOf(b).spend(getAddress(b.deployment.org), s.asset.router, s.principal, scope, s.target, s.value));

        const prior = unwrap(await recorded);
        if (prior) return prior;
        if (unwrap(await paused))
          throw new AppError('principal_paused', { message: `${req.principal} is paused: no session key, nothing proposed` });
        const auth = unwrap(await reading);
        if (auth.verdict === 'DENY')
          return p.deny(s, `DENY by the policy stack of ${auth.decidedBy}: nothing sent`, {
            reason: 'policy_deny',
            decidedBy: auth.decidedBy,
          });
        const mask = auth.verdict === 'ESCALATE' ? PROPOSE_ONLY : PROPOSE_AND_SPEND;
        const bounds: Bounds = { agent: s.principal, maxValue: auth.maxValue, mask, pins: [s.target] };
        lastBounds.delete(plan);
        lastBounds.set(plan, bounds);
        if (lastBounds.size > REMEMBERED) lastBounds.delete(lastBounds.keys().next().value!);

        let key: SessionKey | undefined;
        let ready: Awaited<ReturnType<typeof p.prepare>> | undefined;
        if (early && tried && sameBounds(guess!, bounds)) {
          const [live, r] = await Promise.all([tried.live, tried.ready]);
          // A key that went stale, or a guess that failed for any reason, is simply not used.
          if (live.ok && live.value && r.ok) [key, ready] = [early, r.value];
        }
        if (!key || !ready) {
          key = await deps.keys.keyFor(b, bounds, req.traceId);
          ready = await p.prepare(s, key);
        }
        return 'prepared' in ready ? await p.send(s, key, ready as Ready, attemptKey, ctx) : ready;
      } catch (err) {
        throw chainFailure(err, `proposing ${s.value} ${s.asset.symbol} to ${s.target}`);
      }
    },
  };
}
