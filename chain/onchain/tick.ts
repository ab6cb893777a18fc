/**
 * `POST /tick`: one tick of the agent loop. Each active worker of the org (OrgRegistry, breadth-first)
 * that holds a live session key here proposes its standing spend through that key, the way the gate
 * proposes: to the key's first pinned target, else to the first target its whitelist allows, for the
 * tick's `value` (default one whole token of the primary asset). The chain routes each proposal:
 * ALLOW settles, ESCALATE leaves an intent for the parent, DENY and SessionValueExceeded send nothing.
 *
 * A worker with no key, a paused worker and a worker with nowhere to spend are listed as skipped,
 * never issued a key: the loop spends only through keys an operator provisioned (`POST /boot`).
 * Each proposal is recorded under `tick:<tickId>:<agent>` before broadcast, so a tick delivered
 * again after a crash routes what was sent instead of paying twice. One worker's revert does not
 * stop the others; a chain that stops answering fails the tick (503), and a retry of the same tick
 * resumes it.
 */
import { getAddress, type Address } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { TickBody, TickReply } from '../../schemas/chain-sessions.js';
import { pauseOf } from '../../store/paused.js';
import type { Store } from '../../store/types.js';
import type { Faults } from '../../kernel/faults.js';
import { readOrg } from '../reads/onchain/org.js';
import { readNodePolicy } from '../reads/onchain/policies.js';
import type { ChainBinding } from './binding.js';
import type { CurrentBinding } from './current.js';
import { chainFailure } from './failure.js';
import type { Proposer, Spend } from './propose.js';
import type { SessionKeys } from './session-keys.js';

export interface TickDeps {
  readonly binding: CurrentBinding;
  readonly store: Store;
  readonly keys: SessionKeys;
  readonly proposer: Proposer;
  readonly faults: Faults;
}

export interface TickRequest extends TickBody {
  /** Stable across redeliveries of one tick (the command's message id). */
  readonly tickId: string;
}

type Entry = TickReply['proposals'][number];

export function tickPort(deps: TickDeps): { tick(req: TickRequest, traceId?: string): Promise<TickReply> } {
  /** Where a worker's standing spend goes: the key's pin, else its whitelist's first target. */
  const targetOf = async (b: ChainBinding, router: Address, agent: Address, pins: readonly Address[]): Promise<Address | undefined> => {
    if (pins[0] !== undefined) return getAddress(pins[0]);
    const policy = await readNodePolicy(b.client, router, agent);
    const first = policy.modules.find((m) => m.kind === 'whitelist' && m.allowedTargets?.length)?.allowedTargets?.[0];
    return first === undefined ? undefined : getAddress(first);
  };

  return {
    async tick(req, traceId) {
      const b = deps.binding();
      if (!b) throw new AppError('chain_unavailable', { message: 'the chain is configured but not bound yet: no worker proposed' });
      const asset = b.asset();
      const router = getAddress(asset.router);
      const value = req.value === undefined ? 10n ** BigInt(asset.decimals) : BigInt(req.value);
      const reply: TickReply = { tickId: req.tickId, asset: asset.symbol, value: String(value), proposals: [], skipped: [], failed: [] };
      let workers: Address[];
      try {
        const org = await readOrg(b.client, getAddress(b.deployment.org));
        workers = org.nodes.filter((n) => n.kind === 'WorkerAgent' && n.active).map((n) => n.address as Address);
      } catch (err) {
        throw chainFailure(err, 'reading the org for a tick');
      }
      for (const agent of workers) {
        const s: Spend = { b, principal: agent, target: agent, value, asset: { symbol: asset.symbol, router } };
        const attemptKey = `tick:${req.tickId}:${agent.toLowerCase()}`;
        const ctx = { audit: { tickId: req.tickId }, traceId };
        try {
          // An earlier delivery of this tick may have sent for this worker already; its target is in the record.
          const prior = await deps.proposer.recorded(s, attemptKey, ctx);
          if (prior) {
            reply.proposals.push(entryOf(agent, prior));
            continue;
          }
          if (await pauseOf(deps.store, agent)) {
            reply.skipped.push({ agent, reason: 'paused' });
            continue;
          }
          const key = await deps.keys.heldKeyOf(b, agent);
          if (!key) {
            reply.skipped.push({ agent, reason: 'no_session' });
            continue;
          }
          const target = await targetOf(b, router, agent, key.row.pins);
          if (!target) {
            reply.skipped.push({ agent, reason: 'no_target' });
            continue;
          }
          reply.proposals.push(entryOf(agent, await deps.proposer.propose({ ...s, target }, key, attemptKey, ctx), key.sessionId));
          // Sent and recorded, the tick not answered: where a crash must not make a redelivery pay again.
          deps.faults.hit('tick.proposed', agent);
        } catch (err) {
          const e = chainFailure(err, `proposing ${agent}'s standing spend`);
          if (e.code === 'chain_unavailable' || !e.terminal) throw e;
          reply.failed.push({ agent, error: e.code, message: e.message });
        }
      }
      return reply;
    },
  };
}

function entryOf(agent: Address, o: { verdict: Entry['verdict']; summary: string; json?: unknown }, sessionId?: bigint): Entry {
  const j = (o.json ?? {}) as Record<string, string | null | undefined>;
  const opt = (k: string) => (typeof j[k] === 'string' ? { [k]: j[k] } : {});
  return {
    agent,
    sessionId: typeof j.sessionId === 'string' ? j.sessionId : String(sessionId ?? 0n),
    target: getAddress(j.target as string),
    value: j.value as string,
    verdict: o.verdict,
    summary: o.summary,
    ...opt('txHash'),
    ...opt('intentId'),
    ...opt('approver'),
    ...opt('reason'),
  };
}
