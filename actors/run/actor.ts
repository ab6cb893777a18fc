/**
 * The `run` actor: definitions (save/delete), runs (start/resume/pause/cancel), wake-ups
 * (signal), releasers' events (release), takeovers (recover), `agentPause` and `agentUnpause`. Handlers delegate to the
 * engine; each returns the run as it stands, so a caller waiting on the verb answers with it.
 * Who may steer a run is identity/runs.ts, judged here where the run is read anyway.
 */
import { defineActor } from '../actor.js';
import { runVerbs } from '../../schemas/commands/run.js';
import type { RunDeps } from './deps.js';
import { createEngine } from './engine/index.js';
import { cancelRun, pauseAgentRuns, pauseRun, recoverRun, resumeRun, signalRun } from './engine/control.js';
import { validateFlow } from '../../flows/validate.js';
import { deleteFlow, saveFlow } from '../../flows/store.js';
import { bootRecovery, recoverySweep } from './recovery.js';
import { wakeupSweep } from './wakeups.js';
import { releaseEvent, waitSweep } from './waits.js';
import { startLogged } from './webhook-start.js';
import { loadRun, setAside } from './engine/records.js';
import { resumeAgent } from '../../store/paused.js';
import type { Caller } from '../../identity/caller.js';
import { settleIfReferenced } from '../../store/triggers/lease.js';
import { requireSteer } from '../../identity/runs.js';
import { orgOf } from '../../runtime/org.js';

export type { RunDeps } from './deps.js';

export const runActor = defineActor({
  name: 'run',
  verbs: runVerbs,
  // A start or resume handler drives its run to the end; pause/cancel/signal must still get a slot.
  concurrency: 128,
  create: (deps: RunDeps) => {
    const engine = createEngine(deps);
    const steer = async (p: { runId: string; caller: Caller }): Promise<void> =>
      requireSteer(p.caller, p.runId, (await loadRun(deps.store, p.runId))?.principal);
    return {
      sweeps: [recoverySweep(deps), wakeupSweep(deps), waitSweep(deps)],
      start: () => bootRecovery(deps),
      // A start or recover that killed every worker driving its run: the run's expired lease is
      // dropped, or the recovery sweep (and every worker's boot) would take it up again and die
      // with it. The replayed command takes it over like any free run.
      onPoisoned: async (verb, payload) => {
        const runId = (payload as { runId?: unknown } | null)?.runId;
        if ((verb !== 'start' && verb !== 'recover') || typeof runId !== 'string') return;
        const aside = await setAside(deps.store, runId, new Date(deps.now()));
        deps.log.warn({ runId, verb, aside }, 'run of a poison command left for its replay');
      },
      handlers: {
        save: async (ctx, p) => {
          const flow = validateFlow(p.flow);
          const rec = await saveFlow(deps.store, flow, p.caller, orgOf(deps), new Date(deps.now()));
          await deps.audit.record(
            'FlowSaved',
            { flowId: flow.id, trigger: rec.trigger, scope: rec.scope, steps: flow.steps.length, savedBy: p.caller.seat },
            ctx.traceId,
          );
          // A flow's trigger and scope decide whether its webhook deliveries are taken: the answer
          // binds every gateway (store/triggers/lease.ts); so for delete and the agent's pause.
          await settleIfReferenced(deps.store, { flowId: flow.id });
          return rec;
        },
        delete: async (_ctx, p) => {
          const deleted = await deleteFlow(deps.store, p.id, p.caller, orgOf(deps));
          if (deleted) await settleIfReferenced(deps.store, { flowId: p.id });
          return { id: p.id, deleted };
        },
        // A webhook run's delivery is logged alongside its start (webhook-start.ts).
        start: async (ctx, p) => {
          const start = () => engine.start(p, p.traceId ?? ctx.traceId);
          return p.delivery ? startLogged(deps.deliveryLog, { ...p, delivery: p.delivery }, ctx.deliveryCount, start) : start();
        },
        // Logged as accepted first: a failed release is redelivered, and its event id keeps it one event.
        release: async (ctx, p) => {
          await deps.deliveryLog({ flowId: p.flowId, traceId: p.traceId ?? ctx.traceId, delivery: p.delivery }, ctx.deliveryCount);
          return releaseEvent(deps, p);
        },
        resume: async (ctx, p) => {
          await steer(p);
          return resumeRun(engine, p.runId, p.caller.seat, ctx.traceId);
        },
        pause: async (ctx, p) => {
          await steer(p);
          return pauseRun(engine, p.runId, p.reason, p.caller.seat, ctx.traceId);
        },
        cancel: async (ctx, p) => {
          await steer(p);
          return cancelRun(engine, p.runId, p.reason, p.caller.seat, ctx.traceId);
        },
        signal: async (ctx, p) => {
          const r = await signalRun(engine, p.runId, p.stepId, p.signal, ctx.traceId);
          return { applied: r.applied, ...(r.run ? { status: r.run.status } : {}) };
        },
        recover: async (ctx, p) => {
          const v = await recoverRun(engine, p.runId, ctx.traceId, p.force === true);
          return { recovered: v !== undefined, ...(v ? { status: v.status } : {}) };
        },
        agentPause: async (ctx, p) => {
          const out = { agent: p.agent, ...(await pauseAgentRuns(engine, p.agent, p.reason, p.caller.seat, ctx.traceId)) };
          await settleIfReferenced(deps.store, { principal: p.agent });
          return out;
        },
        agentUnpause: async (_ctx, p) => {
          const unpaused = await resumeAgent(deps.store, p.agent);
          if (unpaused) await settleIfReferenced(deps.store, { principal: p.agent });
          return { agent: p.agent, unpaused };
        },
      },
    };
  },
});
