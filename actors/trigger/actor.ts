/**
 * The trigger actor: trigger records (`list`, `create`, `rotate`, `enable`, `delete`,
 * `deliveries`: records.ts holds the rules, who may name which principal is identity/triggers.ts),
 * cron and epoch schedules and the delivery log's retention as clock sweeps, and `epoch` (what
 * `POST /epoch` asks a worker to do), and the treasury indexer's lease loop (treasury-index.ts),
 * started and stopped with the actor. Webhook verification is not a bus verb: it is the webhook
 * ingress (ingress/webhook.ts), run in the gateway because it needs the raw body before the 202, and the
 * run it starts goes through the bus as `run.start`.
 *
 * A trigger secret never crosses the bus in clear: `create` and `rotate` take the envelope the
 * gateway sealed (ingress/sealing.ts) and answer with the record alone.
 */
import { defineActor } from '../actor.js';
import { triggerVerbs } from '../../schemas/commands/trigger.js';
import type { TriggerDeps } from './deps.js';
import { cronSweep } from './cron.js';
import { epochSweep, runEpoch } from './epoch.js';
import { retentionSweep } from './retention.js';
import { treasuryIndexer } from './treasury-index.js';
import { createTrigger, deleteTrigger, listDeliveries, listTriggers, rotateTrigger, setEnabled } from './records.js';

export const triggerActor = defineActor({
  name: 'trigger',
  verbs: triggerVerbs,
  create: (deps: TriggerDeps) => {
    const indexer = treasuryIndexer({
      ...deps,
      binding: deps.chainBinding,
      intervalMs: deps.config.chainIndex.intervalMs,
      confirmations: deps.config.chainIndex.confirmations,
    });
    return {
      handlers: {
        epoch: (ctx, p) => runEpoch(deps, { ...p, epochId: p.epochId ?? ctx.msgId }, ctx.traceId),
        list: async (_ctx, p) => ({ triggers: await listTriggers(deps, p.caller) }),
        create: async (ctx, p) => ({ trigger: await createTrigger(deps, p.caller, p.body, p, ctx.traceId) }),
        rotate: async (ctx, p) => ({ trigger: await rotateTrigger(deps, p.caller, p.id, p.sealed, ctx.traceId) }),
        enable: async (ctx, p) => ({ trigger: await setEnabled(deps, p.caller, p.id, p.enabled, ctx.traceId) }),
        delete: async (ctx, p) => {
          await deleteTrigger(deps, p.caller, p.id, ctx.traceId);
          return { id: p.id, deleted: true as const };
        },
        deliveries: async (_ctx, p) => ({ deliveries: await listDeliveries(deps, p.caller, p.triggerId, p.limit) }),
      },
      sweeps: [cronSweep(deps), epochSweep(deps), retentionSweep(deps)],
      start: async () => indexer.start(),
      stop: () => indexer.stop(),
    };
  },
});
