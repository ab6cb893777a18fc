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
  /** Roots every template of this process's runs may read besides input and steps: an eval binds
   * its blueprint's `crew` and `target` here. The product sets none (such references render empty). */
  readonly bindings?: Readonly<Record<string, unknown>>;
  /** Names a delegate's run; default a random `run-<uuid>`. An eval derives it from its parent's id
   * so the same scenario produces the same ids. */
  readonly childRunId?: (parent: { readonly runId: string; readonly stepId: string }) => string;
}
