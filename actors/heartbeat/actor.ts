/**
 * The heartbeat actor (docs/heartbeats.md): heartbeat records (`list`, `save`, `enable`,
 * `delete`: records.ts holds the rules, who may see which heartbeat is identity/heartbeats.ts),
 * the tick ledger (`ticks`), the due-check as a clock sweep (sweep.ts) and `tick`, one window of
 * one heartbeat (tick.ts). `run` works a checklist now under a window key of its own.
 */
import { randomUUID } from 'node:crypto';
import { defineActor } from '../actor.js';
import { heartbeatVerbs } from '../../schemas/commands/heartbeat.js';
import type { HeartbeatDeps } from './deps.js';
import { deleteHeartbeat, listHeartbeats, listTicks, saveHeartbeat, setHeartbeatEnabled, visibleHeartbeat } from './records.js';
import { dueSweep } from './sweep.js';
import { runTick } from './tick.js';
import { AppError } from '../../schemas/errors.js';

export type { HeartbeatDeps } from './deps.js';

export const heartbeatActor = defineActor({
  name: 'heartbeat',
  verbs: heartbeatVerbs,
  // A tick waits for its items' runs; records and the ledger must still get a slot.
  concurrency: 64,
  create: (deps: HeartbeatDeps) => ({
    handlers: {
      list: (_ctx, p) => listHeartbeats(deps, p.caller),
      save: (ctx, p) => saveHeartbeat(deps, p.caller, p.heartbeat, ctx.traceId),
      enable: (ctx, p) => setHeartbeatEnabled(deps, p.caller, p.crewId, p.enabled, ctx.traceId),
      delete: async (ctx, p) => ({ crewId: p.crewId, deleted: await deleteHeartbeat(deps, p.caller, p.crewId, ctx.traceId) }),
      ticks: (_ctx, p) => listTicks(deps, p.caller, p.crewId, p.limit),
      run: async (ctx, p) => {
        await visibleHeartbeat(deps, p.caller, p.crewId);
        // The command's id keys the run, so a redelivered `run` continues the same checklist.
        const key = `run-${ctx.msgId.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 36) || randomUUID()}`;
        const tick = await runTick(
          deps,
          { crewId: p.crewId, manual: { key, by: p.caller.seat, at: new Date(deps.now()).toISOString() } },
          ctx.traceId,
        );
        if (!tick) throw new AppError('record_not_found', { message: `no heartbeat for crew ${p.crewId}` });
        return tick;
      },
      tick: (ctx, p) => runTick(deps, p, ctx.traceId, ctx.deliveryCount),
    },
    sweeps: [dueSweep(deps)],
  }),
});
