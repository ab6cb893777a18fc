/** What the mcp actor is made from: the kernel, and itself as a client (its sweep sends `sweep`). */
import type { KernelDeps } from '../actor.js';
import type { Clients } from '../../bus/verbs.js';

export interface McpDeps extends KernelDeps {
  readonly clients: Pick<Clients, 'mcp'>;
}
