/** What the trigger actor is made from: the kernel, the chain (the epoch streams through it; the
 * treasury indexer reads through its binding), and the run actor it starts runs on. */
import type { KernelDeps } from '../actor.js';
import type { Clients } from '../../bus/verbs.js';
import type { ChainPort } from '../../chain/port.js';
import type { CurrentBinding } from '../../chain/onchain/current.js';

export interface TriggerDeps extends KernelDeps {
  readonly chain: ChainPort;
  /** The chain's binding right now, or undefined (mock mode, a dev chain still deploying). */
  readonly chainBinding: CurrentBinding;
  readonly clients: Pick<Clients, 'run'>;
}
