/**
 * The gate expiry sweep, run by the clock actor once per window on one replica: every open
 * question past its deadline (by the injected clock) is moved to `timed_out` by a conditional
 * update, so even two sweeps racing expire each gate once, and its run is told. The same pass
 * re-sends the signal of any answered or expired question whose send never went out (a crash
 * or bus outage between the update and the send): the question's status and its empty
 * `signaledAt` are the outbox entry, written by the update itself. `run.signal` is deduplicated
 * by msgId and the engine ignores a signal for a step no longer parked.
 */
import type { Sweep } from '../actor.js';
import { gatesOf, type QuestionRow } from '../../store/gates/index.js';
import type { InputOf } from '../../schemas/commands/verb.js';
import type { runVerbs } from '../../schemas/commands/run.js';
import type { GateDeps } from './deps.js';

/** Questions per pass; the rest wait for the next window. */
const BATCH = 200;

export type RunSignal = InputOf<typeof runVerbs.signal>;

/** The `run.signal` payload for a resolved or expired question. An expired connector ask is
 * a denial (fail closed). */
export function signalFor(q: Pick<QuestionRow, 'id' | 'runId' | 'stepId' | 'purpose' | 'status' | 'optionId' | 'options'>): RunSignal {
  const base = { runId: q.runId, stepId: q.stepId };
  if (q.purpose === 'connector_ask') {
    return { ...base, signal: { kind: 'ask_answered', questionId: q.id, approved: q.status === 'resolved' && q.optionId === 'yes' } };
  }
  if (q.status === 'timed_out') return { ...base, signal: { kind: 'gate_timed_out', questionId: q.id } };
  const port = q.options.find((o) => o.id === q.optionId)?.port ?? null;
  return { ...base, signal: { kind: 'gate_answered', questionId: q.id, optionId: q.optionId ?? '', port } };
}

export function gateSweep(deps: GateDeps): Sweep {
  return {
    name: 'gate.expire',
    async run() {
      const gates = gatesOf(deps.store);
      const now = new Date(deps.now());
      for (const q of await gates.expiredQuestions(now, BATCH)) {
        if (!(await gates.transition(q.id, 'timed_out', { answeredAt: now }))) continue;
        await deps.audit.record(
          'HumanGateTimedOut',
          { runId: q.runId, stepId: q.stepId, questionId: q.id, purpose: q.purpose, deadlineAt: new Date(q.deadlineAt).toISOString() },
          q.traceId ?? undefined,
        );
        await tell(deps, { ...q, status: 'timed_out' }, now, q.traceId ?? undefined);
      }
      // Sends that should have happened at least a clock window (a minute in production) ago and
      // did not; the wake-up of a parent run is re-sent after the same grace (run/wakeups.ts).
      for (const q of await gates.unsignaledQuestions(new Date(now.getTime() - deps.config.clockTickMs), BATCH))
        await tell(deps, q, now, q.traceId ?? undefined);
    },
  };
}

/** Sends the run its signal and marks it sent; a failure is left for the next sweep. */
export async function tell(
  deps: Pick<GateDeps, 'clients' | 'store' | 'log'>,
  q: Pick<QuestionRow, 'id' | 'runId' | 'stepId' | 'purpose' | 'status' | 'optionId' | 'options'>,
  now: Date,
  traceId?: string,
): Promise<void> {
  try {
    await deps.clients.run.signal.send(signalFor(q), { msgId: `gate-signal:${q.id}`, ...(traceId === undefined ? {} : { traceId }) });
    await gatesOf(deps.store).markSignaled(q.id, now);
  } catch (err) {
    deps.log.warn({ err, questionId: q.id, runId: q.runId, traceId }, 'gate signal not sent; the next sweep retries');
  }
}
