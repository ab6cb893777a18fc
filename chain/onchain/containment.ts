/**
 * Containment on a chain (`POST /agents/pause`): a paused agent's live
 * session keys are revoked on chain by the issuer key (else the root), audited SessionRevoked with
 * `authorizedBy: containment`, and dropped from the cache, so no key of it can propose again. A
 * seat that is not an address has no keys.
 */
import { getAddress, isAddress } from 'viem';
import { AppError } from '../../schemas/errors.js';
import type { ChainPort } from '../port.js';
import type { CurrentBinding } from './current.js';
import type { SessionKeys } from './session-keys.js';

export function containmentPort(binding: CurrentBinding, keys: SessionKeys): Pick<ChainPort, 'containment'> {
  return {
    async containment(agent, traceId) {
      if (!isAddress(agent, { strict: false })) return { revoked: [] };
      const b = binding();
      if (!b) throw new AppError('chain_unavailable', { message: 'the chain is configured but not bound yet: no key was revoked' });
      return { revoked: (await keys.revokeAll(b, getAddress(agent), 'containment', traceId)).map(String) };
    },
  };
}
