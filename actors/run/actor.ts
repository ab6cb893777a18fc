/**
 * The `run` actor: definitions (save/delete), runs (start/resume/pause/cancel), wake-ups
 * (signal), takeovers (recover), `agentPause` and `agentUnpause`. Handlers validate and delegate
 * to the engine; each returns the run as it stands, so `bus.call` from the gateway answers with it.
 * Who may steer a run is identity/runs.ts, judged here where the run is read anyway.
 */
import { defineActor } from '../actor.js';
import type { ActorDeps } from '../actor.js';
import { chainFor } from '../../chain/select.js';
import type { FlowRecord, ResumeSignal, StartRunCommand } from '../../schemas/runs.js';
import { AppError } from '../../schemas/errors.js';
import { createEngine } from './engine/index.js';
import { cancelRun, pauseAgentRuns, pauseRun, recoverRun, resumeRun, signalRun } from './engine/control.js';
import { validateFlow } from './definitions/validate.js';
import { deleteFlow, saveFlow } from './definitions/store.js';
import { bootRecovery, recoverySweep } from './recovery.js';
import { wakeupSweep } from './wakeups.js';
import { startLogged, type DeliveryLog } from './webhook-start.js';
import { loadRun } from './engine/records.js';
import { resumeAgent } from '../../store/paused.js';
import { commandCaller } from '../../identity/caller.js';
import { requireSteer } from '../../identity/runs.js';

/** `savedBy` is the caller's seat; `operator` whether it is the operator (may change any flow). */
export interface SaveCommand { flow: unknown; savedBy: string; operator?: boolean }
export interface DeleteCommand { id: string; by?: string; operator?: boolean }
/** `by` is the caller's seat; `operator` whether it is the operator (may steer any run). */
export interface RunCommand { runId: string; reason?: string; by?: string; operator?: boolean }
export interface SignalCommand { runId: string; stepId: string; signal: ResumeSignal }

/** The run actor, given the trigger actor's delivery log (actors/index.ts wires the two). */
export const createRunActor = (deliveryLog: (deps: ActorDeps) => DeliveryLog) => defineActor({
  name: 'run',
  // A start or resume handler drives its run to the end; pause/cancel/signal must still get a slot.
  concurrency: 128,
  sweeps: (deps: ActorDeps) => [recoverySweep(deps), wakeupSweep(deps)],
  start: (deps: ActorDeps) => bootRecovery(deps),
  handlers: (deps) => {
    const engine = createEngine(deps, chainFor(deps.config));
    const logAccepted = deliveryLog(deps);
    const steer = async (p: RunCommand): Promise<void> => requireSteer(commandCaller(p.by ?? '', p.operator), p.runId, (await loadRun(deps.store, p.runId))?.principal);
    return {
      save: async (ctx, p: SaveCommand): Promise<FlowRecord> => {
        const flow = validateFlow(p.flow);
        const rec = await saveFlow(deps.store, flow, commandCaller(p.savedBy, p.operator), deps.config.org, new Date(deps.now()));
        await deps.audit.record('FlowSaved', { flowId: flow.id, trigger: rec.trigger, scope: rec.scope, steps: flow.steps.length, savedBy: p.savedBy }, ctx.traceId);
        return rec;
      },
      delete: async (_ctx, p: DeleteCommand) => ({ id: p.id, deleted: await deleteFlow(deps.store, p.id, commandCaller(p.by ?? '', p.operator), deps.config.org) }),
      // A webhook run's delivery is logged alongside its start (webhook-start.ts).
      start: async (ctx, p: StartRunCommand) => {
        const start = () => engine.start(p, p.traceId ?? ctx.traceId);
        return p.delivery ? startLogged(logAccepted, { ...p, delivery: p.delivery }, ctx.deliveryCount, start) : start();
      },
      resume: async (ctx, p: RunCommand) => { await steer(p); return resumeRun(engine, p.runId, p.by, ctx.traceId); },
      pause: async (ctx, p: RunCommand) => { await steer(p); return pauseRun(engine, p.runId, p.reason, p.by, ctx.traceId); },
      cancel: async (ctx, p: RunCommand) => { await steer(p); return cancelRun(engine, p.runId, p.reason, p.by, ctx.traceId); },
      signal: async (ctx, p: SignalCommand) => {
        if (!p || typeof p.runId !== 'string' || typeof p.stepId !== 'string' || !p.signal) throw new AppError('invalid_request', { message: 'run.signal needs runId, stepId and signal' });
        const r = await signalRun(engine, p.runId, p.stepId, p.signal, ctx.traceId);
        return { applied: r.applied, ...(r.run ? { status: r.run.status } : {}) };
      },
      recover: async (ctx, p: { runId: string; force?: boolean }) => {
        const v = await recoverRun(engine, p.runId, ctx.traceId, p.force === true);
        return { recovered: v !== undefined, ...(v ? { status: v.status } : {}) };
      },
      agentPause: async (ctx, p: { agent: string; reason?: string; by?: string }) => ({ agent: p.agent, ...(await pauseAgentRuns(engine, p.agent, p.reason, p.by ?? 'operator', ctx.traceId)) }),
      agentUnpause: async (_ctx, p: { agent: string }) => ({ agent: p.agent, unpaused: await resumeAgent(deps.store, p.agent) }),
    };
  },
});
