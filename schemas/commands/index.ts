/** Every actor's verbs, by actor name: what the typed clients (bus/clients.ts) and consumers read. */
import { chainVerbs } from './chain.js';
import { clockVerbs } from './clock.js';
import { gateVerbs } from './gate.js';
import { heartbeatVerbs } from './heartbeat.js';
import { mcpVerbs } from './mcp.js';
import { opsVerbs } from './ops.js';
import { runVerbs } from './run.js';
import { triggerVerbs } from './trigger.js';

export { verb, type InputOf, type OutputOf, type Verb, type Verbs } from './verb.js';
export { chainVerbs, clockVerbs, gateVerbs, heartbeatVerbs, mcpVerbs, opsVerbs, runVerbs, triggerVerbs };

export const COMMANDS = {
  run: runVerbs,
  gate: gateVerbs,
  mcp: mcpVerbs,
  ops: opsVerbs,
  trigger: triggerVerbs,
  clock: clockVerbs,
  heartbeat: heartbeatVerbs,
  chain: chainVerbs,
} as const;
export type Commands = typeof COMMANDS;
