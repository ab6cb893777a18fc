import { defineActor } from '../actor.js';
import type { PingRequest } from '../../schemas/ops.js';

/** Answers a ping through the work queue: proves a gateway reaches some worker over the bus. */
export const opsActor = defineActor({
  name: 'ops',
  handlers: (deps) => ({
    ping: async (ctx, payload: PingRequest) => ({
      worker: deps.workerId,
      ...(payload.note === undefined ? {} : { note: payload.note }),
      deliveryCount: ctx.deliveryCount,
    }),
  }),
});
