export { defineActor, type ActorDefinition, type ActorDeps, type Sweep } from './actor.js';
export { opsActor } from './ops/actor.js';
export { clockActor } from './clock/actor.js';
import { opsActor } from './ops/actor.js';
import { clockActor } from './clock/actor.js';
import type { ActorDefinition } from './actor.js';

/** Every actor a worker can run, by name; `svc worker --actors` picks from these. */
export const ALL_ACTORS: readonly ActorDefinition[] = [opsActor, clockActor];
