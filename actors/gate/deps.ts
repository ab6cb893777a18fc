/** What the gate actor is made from: the kernel, and the run actor it tells of answers. */
import type { KernelDeps } from '../actor.js';
import type { Clients } from '../../bus/verbs.js';

export interface GateDeps extends KernelDeps {
  readonly clients: Pick<Clients, 'run'>;
}
