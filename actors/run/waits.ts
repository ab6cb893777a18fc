/**
 * Waits released by events (the `wait` step, steps/wait.ts). `releaseEvent` is the run
 * actor's half of a releaser trigger's delivery: the event is stored first, then bound to the
 * oldest wait of its flow and principal parked on its key, if there is one (else it is kept,
 * SVC_WAIT_BUFFER_MS, for a wait that parks later: that wait finds it itself). A bound wait's run
 * is sent `run.signal`, whose claim on the parked run decides as for any signal.
 *
 * The sweep, once per clock window across replicas: waits past their deadline are moved to
 * `timed_out` (conditional, so against a racing event one wins) and their runs signalled; a wait
 * released or timed out more than a window ago whose run is still parked on it is signalled again
 * (the first send did not happen: a crash or bus outage after the commit); kept events past their
 * window are dropped; the waits of runs that ended are removed after WAIT_RETENTION_MS.
 */
import type { Sweep } from '../actor.js';
import type { RunDeps } from './deps.js';
import type { ReleaseCommand, ReleaseOutcome, ResumeSignal } from '../../schemas/runs.js';
import { WAIT_RETENTION_MS, waitsOf } from '../../store/waits/index.js';

const BATCH = 500;

interface Owed {
  readonly runId: string;
  readonly stepId: string;
  readonly signal: ResumeSignal;
  readonly traceId: string | null;
}

/** One signal per wait: the msgId makes copies inside the duplicate window one command, and the
 * run's conditional claim makes a later copy change nothing. */
async function tell(deps: RunDeps, w: Owed): Promise<void> {
  await deps.clients.run.signal.send(
    { runId: w.runId, stepId: w.stepId, signal: w.signal },
    { msgId: `wait-signal:${w.runId}/${w.stepId}`, ...(w.traceId === null ? {} : { traceId: w.traceId }) },
  );
}

export async function releaseEvent(deps: RunDeps, p: ReleaseCommand): Promise<ReleaseOutcome> {
  const waits = waitsOf(deps.store);
  const now = new Date(deps.now());
  const event = await waits.keep({
    id: p.eventId,
    triggerId: p.delivery.triggerId,
    deliveryKey: p.delivery.deliveryKey,
    flowId: p.flowId,
    principal: p.principal,
    key: p.key,
    input: p.input,
    receivedAt: now,
    expiresAt: new Date(now.getTime() + deps.config.waitBufferMs),
  });
  // A redelivered command whose first delivery bound the event: only the signal may be missing.
  let bound = event.waitId === null ? undefined : await waits.find(...splitWaitId(event.waitId));
  if (bound === undefined) {
    for (const w of await waits.waitingOn(p.flowId, p.principal, p.key)) {
      if (await waits.bind(p.eventId, w.id, now)) {
        bound = w;
        break;
      }
      // Bound meanwhile by a wait that found it kept (steps/wait.ts): that step has its output.
      if ((await waits.event(p.eventId))?.waitId) return { eventId: p.eventId, released: null };
    }
  }
  if (bound === undefined) return { eventId: p.eventId, released: null };
  deps.config.faults.hit('wait.bound', bound.stepId);
  await tell(deps, {
    runId: bound.runId,
    stepId: bound.stepId,
    signal: { kind: 'wait_released', eventId: p.eventId },
    traceId: bound.traceId,
  });
  return { eventId: p.eventId, released: { runId: bound.runId, stepId: bound.stepId } };
}

function splitWaitId(id: string): [string, string] {
  const at = id.lastIndexOf('/');
  return [id.slice(0, at), id.slice(at + 1)];
}

export function waitSweep(deps: RunDeps): Sweep {
  return {
    name: 'run.waits',
    async run() {
      const waits = waitsOf(deps.store);
      const now = new Date(deps.now());
      for (const w of await waits.expired(now, BATCH)) {
        if (!(await waits.end(w.id, 'timed_out', now))) continue;
        await tell(deps, { runId: w.runId, stepId: w.stepId, signal: { kind: 'wait_timed_out' }, traceId: w.traceId });
      }
      // A window's grace: a first send that is merely slow is not raced by its own re-send.
      const owed = await waits.owedSignals(new Date(now.getTime() - deps.config.clockTickMs), BATCH);
      for (const w of owed) {
        const signal: ResumeSignal =
          w.status === 'released' && w.eventId !== null ? { kind: 'wait_released', eventId: w.eventId } : { kind: 'wait_timed_out' };
        await tell(deps, { runId: w.runId, stepId: w.stepId, signal, traceId: w.traceId });
      }
      const dropped = await waits.dropExpired(now);
      const pruned = await waits.prune(new Date(now.getTime() - WAIT_RETENTION_MS), BATCH);
      if (owed.length || dropped || pruned)
        deps.log.info(
          { resent: owed.length, dropped, pruned },
          'wait signals re-sent, expired release events dropped, waits of old ended runs pruned',
        );
    },
  };
}
