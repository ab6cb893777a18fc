/**
 * The `chain` actor: a worker's session key (`boot`) and one tick of its agent loop (`tick`),
 * both served where the chain port is. A tick's command message id names the tick, so a
 * redelivered tick resumes the one it interrupted instead of starting another.
 */
import { defineActor, type KernelDeps } from '../actor.js';
import { chainVerbs } from '../../schemas/commands/chain.js';
import type { ChainPort } from '../../chain/port.js';

export interface ChainDeps extends KernelDeps {
  readonly chain: ChainPort;
}

export const chainActor = defineActor({
  name: 'chain',
  verbs: chainVerbs,
  create: (deps: ChainDeps) => ({
    handlers: {
      boot: async (ctx, p) => deps.chain.boot(p, ctx.traceId),
      tick: async (ctx, p) => deps.chain.tick({ ...p, tickId: ctx.msgId }, ctx.traceId),
    },
  }),
});
