/**
 * Which executor runs each step kind. Executors that need more than the StepContext (the chain
 * port, connectors, delegation) are built here from what the run actor injects.
 */
import type { ChainPort } from '../../../chain/port.js';
import type { Connectors } from '../../../connectors/index.js';
import type { Clients } from '../../../bus/verbs.js';
import type { Registry } from '../engine/driver.js';
import { modelStep } from './model.js';
import { toolStep } from './tool.js';
import { branchStep, switchStep } from './branch.js';
import { waitStep } from './wait.js';
import { chainSteps } from './chain.js';
import { agentStep, type Delegation } from './agent.js';
import { humanStep } from './human.js';

export interface RegistryDeps {
  readonly chain: ChainPort;
  readonly connectors: Connectors;
  readonly delegation: Delegation;
  readonly clients: Pick<Clients, 'mcp' | 'gate'>;
}

export function buildRegistry(d: RegistryDeps): Registry {
  const chain = chainSteps(d.chain);
  return {
    model: modelStep,
    tool: toolStep({ connectors: d.connectors, chain: d.chain, clients: d.clients }),
    branch: branchStep,
    switch: switchStep,
    wait: waitStep,
    agent: agentStep(d.delegation),
    human: humanStep,
    ...chain,
  };
}
