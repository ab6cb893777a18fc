/**
 * `POST /boot` on a chain: a bounded, expiring session key for an active worker, from
 * the same cache the gate uses (reused under the same bounds). `maxValue` defaults to the agent's
 * ceiling (the gate's unscoped one) and may only narrow it; scopes default to both bits; targets
 * pin the key. A paused agent gets none (403 `principal_paused`).
 */
import { getAddress, type Address } from 'viem';
import { OrgRegistry } from '../artifacts/index.js';
import { AppError } from '../../schemas/errors.js';
import { SESSION_SCOPES, type BootBody, type BootReply } from '../../schemas/chain-sessions.js';
import { pauseOf } from '../../store/paused.js';
import type { Store } from '../../store/types.js';
import type { ChainPort } from '../port.js';
import { authorityReader } from './authority.js';
import type { CurrentBinding } from './current.js';
import { chainFailure } from './failure.js';
import type { SessionKeys } from './session-keys.js';

const BITS: Record<(typeof SESSION_SCOPES)[number], number> = { 'propose:intent': 1, 'spend:whitelist': 2 };

export function bootPort(deps: { binding: CurrentBinding; store: Store; keys: SessionKeys }): Pick<ChainPort, 'boot'> {
  return {
    async boot(req: BootBody, traceId?: string): Promise<BootReply> {
      const b = deps.binding();
      if (!b) throw new AppError('chain_unavailable', { message: 'the chain is configured but not bound yet: no key was issued' });
      const agent = getAddress(req.agent);
      if ((await pauseOf(deps.store, req.agent)) ?? (await pauseOf(deps.store, agent)))
        throw new AppError('principal_paused', { message: `${agent} is paused: it gets no session key` });
      let mask = 0;
      for (const s of req.scopes ?? SESSION_SCOPES) mask |= BITS[s];
      const pins = [...new Set((req.targets ?? []).map((t) => getAddress(t)))].sort() as Address[];
      try {
        const org = getAddress(b.deployment.org);
        if (!(await b.client.readContract({ address: org, abi: OrgRegistry.abi, functionName: 'isActive', args: [agent] })))
          throw new AppError('invalid_request', { message: `${agent} is not an active node of the org: a key could propose nothing` });
        const ceiling = await authorityReader(b.read).ceiling(org, getAddress(b.asset().router), agent, undefined);
        const maxValue = req.maxValue === undefined ? ceiling : BigInt(req.maxValue);
        if (maxValue > ceiling)
          throw new AppError('invalid_request', {
            message: `maxValue ${maxValue} is over ${agent}'s ceiling ${ceiling}: a key only narrows`,
          });
        const key = await deps.keys.keyFor(b, { agent, maxValue, mask, pins }, traceId);
        return {
          sessionId: String(key.sessionId),
          agent,
          key: key.wallet.account.address,
          expiresAt: new Date(Number(key.expiresAt) * 1000).toISOString(),
          scopes: SESSION_SCOPES.filter((s) => (mask & BITS[s]) !== 0),
          maxValue: String(maxValue),
          targets: pins,
          reused: key.reused,
        };
      } catch (err) {
        throw chainFailure(err, `issuing a session key for ${agent}`);
      }
    },
  };
}
