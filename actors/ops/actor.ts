import { defineActor } from '../actor.js';
import type { PingRequest } from '../../schemas/ops.js';
import type { ModelCompleteReply, ModelCompleteRequest } from '../../schemas/connectors.js';

/** Answers a ping through the work queue: proves a gateway reaches some worker over the bus. */
export const opsActor = defineActor({
  name: 'ops',
  handlers: (deps) => ({
    ping: async (ctx, payload: PingRequest) => ({
      worker: deps.workerId,
      ...(payload.note === undefined ? {} : { note: payload.note }),
      deliveryCount: ctx.deliveryCount,
    }),
    /** `POST /model/complete`: one metered completion through the model provider. */
    complete: async (_ctx, payload: ModelCompleteRequest): Promise<ModelCompleteReply> => {
      const out = await deps.model.complete(payload);
      return { text: out.text, provider: out.provider, model: out.model, usage: out.usage ?? null, microDollars: out.microDollars };
    },
  }),
});
