import type { ChainIntentRepository } from '../../store/chain-intents/types.js';
import type { EventData } from '../../schemas/events.js';
import type { MultisigRootSettings } from './multisig-resolve.js';
import type { Hex } from 'viem';

/** What resolving an intent needs from the process around it. */
export interface ResolverDeps {
  /** Keys this process holds for seats (the manager's on the dev chain), besides the orchestrator's. */
  readonly heldKeys: () => readonly Hex[];
  /** SVC_ROOT_AUTH: set means root depth needs a proof. */
  readonly rootAuthKind: () => string | undefined;
  readonly history: () => ChainIntentRepository;
  readonly audit: { record(type: 'IntentResolved', data: EventData<'IntentResolved'>, traceId?: string): Promise<void> };
  readonly now: () => number;
  /** SVC_ROOT_AUTH=multisig-passkey: the Safe that is the root, its credential and the relayer. */
  readonly multisigRoot?: () => MultisigRootSettings | undefined;
}
