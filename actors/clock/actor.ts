import type { Bus } from '../../bus/types.js';
import type { Store } from '../../store/types.js';
import type { Sweep } from '../actor.js';
import { defineActor } from '../actor.js';
import { clockVerbs } from '../../schemas/commands/clock.js';
import { claimWindow } from '../../store/claims.js';

export interface ClockDeps {
  readonly store: Store;
  readonly bus: Bus;
  readonly workerId: string;
  /** Every sweep this process runs, read when a window is won (the composition root fills it). */
  readonly sweeps: () => readonly Sweep[];
}

/**
 * Every worker's clock publishes one command per window with a Nats-Msg-Id, so JetStream keeps
 * one. The store claim is the durable half: a redelivery or a copy outside the duplicate window
 * finds the window taken and does nothing. The winner fans out the sweeps.
 */
export const clockActor = defineActor({
  name: 'clock',
  verbs: clockVerbs,
  create: (deps: ClockDeps) => ({
    handlers: {
      minute: async (ctx, payload) => {
        const won = await claimWindow(deps.store, `clock.minute:${payload.window}`, deps.workerId, 24 * 3600_000);
        if (!won) return { window: payload.window, handled: false };
        const at = new Date(payload.at);
        await deps.bus.emit('ClockMinute', { window: payload.window, at: payload.at, worker: deps.workerId }, { traceId: ctx.traceId });
        for (const sweep of deps.sweeps()) {
          try {
            await sweep.run(payload.window, at);
          } catch (err) {
            // One failing sweep must not starve the others of their minute.
            ctx.log.error({ err, sweep: sweep.name, window: payload.window }, 'sweep failed');
          }
        }
        return { window: payload.window, handled: true };
      },
    },
  }),
});
