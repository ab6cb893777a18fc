/** What the mcp actor is made from: the kernel, and itself as a client (its sweep sends `sweep`). */
import type { KernelDeps } from '../actor.js';
import type { Clients } from '../../bus/verbs.js';
import type { ChainPort } from '../../chain/port.js';

export interface McpDeps extends KernelDeps {
  readonly clients: Pick<Clients, 'mcp'>;
  /** The svc_* tools read and approve through it (mock mode when no chain is configured). */
  readonly chain: Pick<ChainPort, 'configured' | 'orgTree' | 'pendingIntents' | 'approve'>;
}
