export { defineActor, type ActorDefinition, type ActorDeps, type Sweep } from './actor.js';
export { opsActor } from './ops/actor.js';
export { clockActor } from './clock/actor.js';
export { gateActor } from './gate/actor.js';
export { mcpActor } from './mcp-dispatch/actor.js';
export { triggerActor } from './trigger/actor.js';
import { opsActor } from './ops/actor.js';
import { clockActor } from './clock/actor.js';
import { createRunActor } from './run/actor.js';
import { acceptedDeliveries } from './trigger/accepted.js';
import { gateActor } from './gate/actor.js';
import { mcpActor } from './mcp-dispatch/actor.js';
import { triggerActor } from './trigger/actor.js';
import type { ActorDefinition } from './actor.js';

/** The run actor logs a webhook run's delivery with the trigger actor's ledger writer, handed in
 * here so neither actor's folder imports the other's. */
export const runActor = createRunActor(acceptedDeliveries);

/** Every actor a worker can run, by name; `svc worker --actors` picks from these. */
export const ALL_ACTORS: readonly ActorDefinition[] = [opsActor, clockActor, runActor, gateActor, mcpActor, triggerActor];
