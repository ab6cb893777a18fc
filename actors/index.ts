export { defineActor, type ActorDefinition, type ActorInstance, type AnyActor, type KernelDeps, type Sweep } from './actor.js';
export { opsActor } from './ops/actor.js';
export { clockActor } from './clock/actor.js';
export { runActor } from './run/actor.js';
export { gateActor } from './gate/actor.js';
export { mcpActor } from './mcp-dispatch/actor.js';
export { triggerActor } from './trigger/actor.js';
export { heartbeatActor } from './heartbeat/actor.js';
export { chainActor } from './chain/actor.js';
