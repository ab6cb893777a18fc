/**
 * Automatic governance execution (SVC_AUTO_EXECUTE=1): on each minute sweep the orchestrator's
 * seat executes every Active proposal that `execute`'s rules clear now. Skipped: short of quorum,
 * still timelocked, unreadable, and any with more no than yes, so a defeated ballot is never
 * finalized by the sweep (only a person's explicit execute may close it Defeated).
 *
 * Once across replicas: each execution is claimed in the store per proposal before anything is
 * sent, and the proposal is read again after the claim (a crashed holder's claim expires, and the
 * one taking it over finds the proposal already executed). A failed execution gives its claim
 * back, so the next sweep tries again.
 */
import { getAddress, type Address } from 'viem';
import type { Logger } from 'pino';
import type { Sweep } from '../../runtime/sweep.js';
import { claimWindow, keepClaim, releaseClaim } from '../../store/claims.js';
import type { Store } from '../../store/types.js';
import type { CurrentBinding } from './current.js';
import { execute } from './governance.js';
import { clearanceOf, proposalCount, rawProposal, rulesOf } from './proposals.js';
import { seatOf } from './governance-writes.js';

/** A holder that dies mid-execution is presumed dead after this; the next sweep re-reads the proposal. */
const CLAIM_MS = 5 * 60_000;
/** Proposals looked at per sweep, newest first: older ones have long been decided. */
const LOOK_BACK = 256n;

export interface AutoExecuteDeps {
  readonly binding: CurrentBinding;
  readonly store: Store;
  readonly workerId: string;
  readonly log: Logger;
}

export function autoExecuteSweep(deps: AutoExecuteDeps): Sweep {
  return {
    name: 'governance.auto-execute',
    async run() {
      const b = deps.binding();
      if (!b || !b.orchestrator) return;
      const g = seatOf(b);
      const governance: Address = g.governance;
      const count = await proposalCount(b.client, governance);
      const rules = await rulesOf(b.client, governance);
      for (let id = count; id >= 1n && id > count - LOOK_BACK; id--) {
        const p = await rawProposal(b.client, governance, id);
        if (clearanceOf(p, rules) !== 'cleared') continue;
        const key = `governance.execute:${b.chain.id}:${getAddress(governance)}:${id}`;
        if (!(await claimWindow(deps.store, key, deps.workerId, CLAIM_MS))) continue;
        try {
          const again = await rawProposal(b.client, governance, id);
          if (clearanceOf(again, await rulesOf(b.client, governance)) !== 'cleared') {
            // Executed by a holder whose claim expired, or changed since: nothing to do, and the
            // claim is freed so a proposal that clears later is still taken.
            await releaseClaim(deps.store, key, deps.workerId);
            continue;
          }
          const e = await execute(g, id);
          await keepClaim(deps.store, key, deps.workerId);
          deps.log.info(
            { proposalId: String(id), txHash: e.txHash, state: e.state, worker: deps.workerId },
            'governance proposal auto-executed',
          );
        } catch (err) {
          await releaseClaim(deps.store, key, deps.workerId).catch(() => undefined);
          deps.log.warn({ err, proposalId: String(id) }, 'governance auto-execute failed; the next sweep tries again');
        }
      }
    },
  };
}
