/** What the run actor is made from: the kernel, the three providers its steps reach, the
 * actors it sends to (typed clients), and the trigger actor's delivery log, handed in by the
 * composition root so neither actor's folder imports the other's. */
import type { KernelDeps } from '../actor.js';
import type { Clients } from '../../bus/verbs.js';
import type { ChainPort } from '../../chain/port.js';
import type { Connectors } from '../../connectors/index.js';
import type { MeteredModelProvider } from '../../model/index.js';
import type { DeliveryLog } from './webhook-start.js';

export interface RunDeps extends KernelDeps {
  readonly model: MeteredModelProvider;
  readonly connectors: Connectors;
  readonly chain: ChainPort;
  readonly clients: Pick<Clients, 'run' | 'gate' | 'mcp'>;
  readonly deliveryLog: DeliveryLog;
}
