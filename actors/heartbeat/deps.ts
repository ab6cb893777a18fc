/** What the heartbeat actor is made from: the kernel, and the run actor its items run on. */
import type { KernelDeps } from '../actor.js';
import type { Clients } from '../../bus/verbs.js';

export interface HeartbeatDeps extends KernelDeps {
  readonly clients: Pick<Clients, 'run' | 'heartbeat'>;
}
