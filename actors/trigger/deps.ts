/** What the trigger actor is made from: the kernel, the chain (the epoch streams through it),
 * and the run actor it starts runs on. */
import type { KernelDeps } from '../actor.js';
import type { Clients } from '../../bus/verbs.js';
import type { ChainPort } from '../../chain/port.js';

export interface TriggerDeps extends KernelDeps {
  readonly chain: ChainPort;
  readonly clients: Pick<Clients, 'run'>;
}
