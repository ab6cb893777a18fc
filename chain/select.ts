/**
 * The one place that decides which chain port a process uses, for every actor that needs one
 * (the run engine's steps, the trigger actor's epoch). No chain configured: no-chain mode, every
 * verdict ESCALATE and said so. A configured chain: the chain-backed port over the current
 * binding (chain/onchain/current.ts); while there is none yet (a dev chain still deploying) a
 * chain step fails 503 `chain_unavailable` rather than pretending to be mock mode.
 */
import type { Logger } from 'pino';
import type { Audit } from '../runtime/audit.js';
import type { Hex } from '../schemas/chain-config.js';
import type { Config } from '../schemas/config.js';
import type { Store } from '../store/types.js';
import type { ChainPort } from './port.js';
import type { ChainReads } from './reads/port.js';
import { svcToolAccess } from './onchain/tool-access.js';
import type { IntentResolver } from './onchain/resolve.js';
import { noChain } from './none.js';
import { bootPort } from './onchain/boot.js';
import { constitutionPort } from './onchain/constitution.js';
import { containmentPort } from './onchain/containment.js';
import { currentBinding } from './onchain/current.js';
import { gatePort } from './onchain/gate.js';
import { processSerial } from './onchain/serial.js';
import { proposer } from './onchain/propose.js';
import { sessionKeys } from './onchain/session-keys.js';
import { tickPort } from './onchain/tick.js';
import type { ChainTarget } from './status.js';

export interface ChainPortDeps {
  /** The reads of the current mode (chain/runtime.ts): the svc_* tools answer from them. */
  readonly reads: () => Promise<ChainReads>;
  /** The path of POST /intents/resolve, which svc_approve takes minus root depth. */
  readonly resolver: IntentResolver;
  readonly target: (() => ChainTarget) | undefined;
  readonly store: Store;
  readonly audit: Audit;
  readonly log: Logger;
  /** The dev chain's well-known keys (SVC_CHAIN=dev), used when the settings name none. */
  readonly devOrchestratorKey?: Hex | undefined;
  readonly devIssuerKey?: Hex | undefined;
}

export function chainFor(config: Config, deps: ChainPortDeps): ChainPort {
  const settings = config.chain;
  if (settings.kind === 'none') return noChain();
  const binding = currentBinding(settings, deps.target, deps.devOrchestratorKey);
  const serial = processSerial;
  const keys = sessionKeys({
    store: deps.store,
    audit: deps.audit,
    serial,
    sealingKey: config.sessionKey,
    issuerKey: settings.issuerKey() ?? deps.devIssuerKey,
  });
  return {
    configured: true,
    ...gatePort({ binding, store: deps.store, audit: deps.audit, keys, serial }),
    ...constitutionPort(binding, { log: deps.log }),
    ...svcToolAccess(deps.reads, deps.resolver),
    ...containmentPort(binding, keys),
    ...bootPort({ binding, store: deps.store, keys }),
    ...tickPort({
      binding,
      store: deps.store,
      keys,
      proposer: proposer({ store: deps.store, audit: deps.audit, serial, keys }),
      faults: config.faults,
    }),
  };
}
