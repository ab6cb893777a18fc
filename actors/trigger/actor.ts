/**
 * The trigger actor: cron and epoch schedules and the delivery log's retention as clock sweeps,
 * and `epoch` (what `POST /epoch` asks a worker to do). Webhook verification is not a bus verb:
 * it runs in the gateway through the pure modules of this folder (schemes.ts, pubsub.ts, deliver.ts), because it needs the raw
 * body, and the run it starts goes through the bus as `run.start`.
 */
import { defineActor } from '../actor.js';
import type { HandlerContext } from '../../bus/types.js';
import { cronSweep } from './cron.js';
import { epochSweep, runEpoch, type EpochCommand } from './epoch.js';
import { retentionSweep } from './retention.js';

export const triggerActor = defineActor({
  name: 'trigger',
  handlers: (deps) => ({
    epoch: (ctx: HandlerContext, p: EpochCommand) => runEpoch(deps, { ...p, epochId: p.epochId ?? ctx.msgId }, ctx.traceId),
  }),
  sweeps: (deps) => [cronSweep(deps), epochSweep(deps), retentionSweep(deps)],
});
