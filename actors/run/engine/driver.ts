/**
 * The run loop. One worker drives a run while it holds the run's lease (renewed in the
 * background; a lost lease stops the loop at the next boundary). Steps fall through in
 * declaration order unless routed; `next: null` stops. Around a side-effecting step an attempt
 * is opened before the call and closed in the transaction that writes the step's checkpoint, so
 * after a crash an open attempt means "may have happened". Pause is honoured at the boundary.
 * Replayable steps in a row share one boundary, and a run whose first step is replayable is
 * inserted by its first boundary (writer.ts).
 */
import { failed, inSpan, runContext, tracingOn } from '../../../kernel/tracing.js';
import type { RunDeps } from '../deps.js';
import type { Flow, Step } from '../../../schemas/flows.js';
import type { ResumeSignal, RunView, TraceEntry } from '../../../schemas/runs.js';
import { AppError, isAppError } from '../../../schemas/errors.js';
import type { RunView as StepRunView, StepContext, StepExecutor, StepOutput, StepResult } from '../steps/types.js';
import { interpolate } from '../../../flows/interpolate.js';
import { loadRun, openAttempt, renewLease, type Lease, type RunRow } from './records.js';
import { BoundaryWriter, MAX_HELD, type Unstored } from './writer.js';
import { toView } from '../../../queries/run-view.js';
import { endedAudit, runEnded, runParked, stepDone } from './events.js';
import { stepDuration } from '../../../kernel/metrics.js';
import { mayRunAgain } from './takeover.js';
import { planRefusal } from '../plan-required.js';

export type Registry = { readonly [K in Step['kind']]: StepExecutor<K> };

/** Whether a step may share the next step's boundary (its executor says it is replayable). */
function replayable(registry: Registry, s: Step | undefined): boolean {
  return s !== undefined && ((registry[s.kind] as StepExecutor).replayable?.(s) ?? false);
}

/** Whether a run of `flow` may start before it is stored (its first step is replayable). */
export function startsReplayable(d: DriverDeps, flow: Flow): boolean {
  return replayable(d.registry(), flow.steps[0]);
}

export interface DriverDeps {
  readonly deps: RunDeps;
  readonly lease: Lease;
  registry(): Registry;
  /** The drive or takeover of each run under way in this process (see `serialized`). */
  readonly active: Map<string, Promise<unknown>>;
}

export function resolveNext(flow: Flow, step: Step, port: string | null | undefined): string | null {
  if (port !== undefined) return port;
  if ('next' in step && step.next !== undefined) return step.next;
  const i = flow.steps.findIndex((s) => s.id === step.id);
  return flow.steps[i + 1]?.id ?? null;
}

function runView(row: RunRow): StepRunView {
  return {
    id: row.id,
    principal: row.principal,
    flow: row.flow,
    input: row.input ?? undefined,
    trigger: row.trigger as StepRunView['trigger'],
    stack: row.stack,
    parent: row.parentRunId && row.parentStepId ? { runId: row.parentRunId, stepId: row.parentStepId } : undefined,
  };
}

/** What a step may use. Its logger is made on first use: few steps log, and a pino child per
 * step was measurable on a run's hot path. */
function stepDeps(deps: RunDeps, runId: string, stepId: string, traceId: string): StepContext['deps'] {
  let log: StepContext['deps']['log'] | undefined;
  return {
    config: deps.config,
    bus: deps.bus,
    store: deps.store,
    audit: deps.audit,
    model: deps.model,
    now: deps.now,
    get log() {
      return (log ??= deps.log.child({ runId, stepId, traceId }));
    },
  };
}

function failure(err: unknown): StepResult {
  if (isAppError(err)) return { kind: 'fail', code: err.code, message: err.message };
  return { kind: 'fail', code: 'flow_step_failed', message: (err as Error)?.message ?? String(err) };
}

/** Renews the lease every third of its length until stopped; `lost` turns true if it fails.
 * Nothing is renewed while the run is not stored yet. */
function keepLease(d: DriverDeps, runId: string, traceId: string, stored: () => boolean): { readonly lost: () => boolean; stop(): void } {
  let lost = false;
  const timer = setInterval(
    () => {
      if (!stored()) return;
      renewLease(d.deps.store, runId, d.lease).then(
        (ok) => {
          if (!ok) lost = true;
        },
        (err) => d.deps.log.warn({ err, runId, traceId }, 'run lease renewal failed'),
      );
    },
    Math.max(200, Math.floor(d.lease.ms / 3)),
  );
  timer.unref?.();
  return { lost: () => lost, stop: () => clearInterval(timer) };
}

/**
 * Drives a run this worker holds until it ends, parks, or the lease is lost. The row must be
 * `running` with `leaseHolder` = this worker; anything else is returned as it stands.
 * The lease cannot tell two drives in one process apart (a start redelivered while this worker
 * already took the run over holds the same lease), so drives of one run here go one after the
 * other: a later one starts from the row the earlier one left, and never repeats its steps.
 */
export function drive(d: DriverDeps, runId: string, traceId: string, inserted?: RunRow, unstored?: Unstored): Promise<RunView> {
  // A drive that waited for another starts from the row that one left, not from `inserted`.
  return serialized(d, runId, (waited) => (waited ? driveAlone(d, runId, traceId) : driveAlone(d, runId, traceId, inserted, unstored)));
}

/** Runs `fn` once no other drive or takeover of the run is under way in this process. */
export function serialized<T>(d: DriverDeps, runId: string, fn: (waited: boolean) => Promise<T>): Promise<T> {
  const before = d.active.get(runId);
  const mine = before
    ? before.then(
        () => fn(true),
        () => fn(true),
      )
    : fn(false);
  d.active.set(runId, mine);
  const forget = () => {
    if (d.active.get(runId) === mine) d.active.delete(runId);
  };
  mine.then(forget, forget);
  return mine;
}

/** Drives a run this worker holds, inside `serialized` (takeover.ts). `asked` is the trace id of
 * the command that asked for the drive; the run's own (from its start) wins when it has one. */
export async function driveAlone(d: DriverDeps, runId: string, asked: string, inserted?: RunRow, unstored?: Unstored): Promise<RunView> {
  const { deps } = d;
  // A run this worker has just inserted is not read back: `inserted` is exactly what was stored
  // (or, with `unstored`, what its first boundary will store).
  const row = inserted ?? (await loadRun(deps.store, runId));
  if (!row) throw new AppError('record_not_found', { message: `no run ${runId}` });
  // A resume, a gate's answer or a takeover continues the run's trace, not the waker's.
  const traceId = row.traceId ?? asked;
  if (row.status !== 'running' || row.leaseHolder !== d.lease.holder) return toView(row);
  const flow = row.flow;
  const byId = new Map(flow.steps.map((s) => [s.id, s]));
  const outputs = { ...(row.outputs as Record<string, StepOutput>) };
  const trace = [...(row.trace as TraceEntry[])];
  const view = runView(row);
  let cursor: string | null = row.cursor ?? null;
  let signal = (row.resumeSignal ?? undefined) as ResumeSignal | undefined;
  let pauseRequested = row.pauseRequested;
  const w = new BoundaryWriter(
    deps,
    d.lease,
    { id: runId, flowId: row.flowId, cursor: row.cursor ?? null },
    traceId,
    row.seq,
    inserted ? unstored?.insert : undefined,
  );
  const lease = keepLease(d, runId, traceId, () => w.stored);
  const registry = d.registry();
  const faults = deps.config.faults;
  const finish = (patch: Partial<RunRow>): RunView =>
    toView({ ...row, ...patch, trace, outputs, seq: w.seq, cursor, updatedAt: new Date(d.lease.now()) } as RunRow);
  const lostView = async () => toView((await loadRun(deps.store, runId))!);
  const base = { runId, principal: row.principal, input: row.input ?? undefined };
  try {
    for (;;) {
      if (lease.lost()) return await lostView();
      if (pauseRequested) {
        const at = cursor ?? '';
        const r = await w.commit(
          { ...base, stepId: null, cursor, outputs, trace, attemptKey: undefined, attemptOutcome: '' },
          { status: 'waiting', reason: 'operator', stepId: at, token: undefined, resumeSignal: signal },
        );
        if (!r.ok && r.reason === 'withdrawn') {
          pauseRequested = false;
          continue;
        }
        if (!r.ok) return await lostView();
        const v = finish({ status: 'waiting', waitingReason: 'operator', waitingStepId: at, waitingToken: null });
        await runParked(deps, v, traceId);
        return v;
      }
      if (cursor === null) {
        // Only reachable for an empty remainder (e.g. recovered after the last commit).
        const r = await w.commit(
          { ...base, stepId: null, cursor, outputs, trace, attemptKey: undefined, attemptOutcome: '' },
          { status: 'completed' },
        );
        if (!r.ok) return await lostView();
        const v = finish({ status: 'completed', endedAt: new Date(d.lease.now()) });
        await runEnded(deps, row, v, traceId);
        return v;
      }
      const step = byId.get(cursor);
      const exec = step ? (registry[step.kind] as StepExecutor) : undefined;
      let result: StepResult | undefined;
      let attemptKey: string | undefined;
      let failedOutcome = 'failed';
      if (!step || !exec) {
        result = { kind: 'fail', code: 'flow_step_failed', message: `step ${cursor} does not exist in the flow` };
      } else {
        // Refused before any attempt is opened: a refused step never ran, so there is nothing to reconcile.
        result = signal === undefined ? await planRefusal(deps, view, step, exec.sideEffect(step), traceId) : undefined;
        if (result === undefined && exec.sideEffect(step)) {
          faults.hit('attempt.before-open', step.id);
          // Re-entering after the step's own park was overtaken by its signal reuses its seq.
          const reenter = (closed: readonly { outcome: string | null }[]) =>
            mayRunAgain(step) || (signal !== undefined && closed.every((c) => c.outcome === 'parked'));
          const opened = await openAttempt(deps.store, runId, step.id, w.seq, d.lease, reenter);
          if (!opened.ok && opened.reason === 'lost') return await lostView();
          if (opened.ok) {
            attemptKey = opened.key;
            faults.hit('attempt.opened', step.id);
          } else {
            // The step's attempt at this seq exists: its side effect may have run. Fail closed.
            result = {
              kind: 'fail',
              code: 'flow_step_interrupted',
              message: `step ${step.id} was interrupted inside a side effect (attempt ${opened.key}); it may or may not have happened: reconcile it, then start a new run`,
            };
            if (opened.open) [attemptKey, failedOutcome] = [opened.key, 'interrupted'];
          }
        }
        if (result === undefined) {
          const ctx: StepContext = {
            run: view,
            step,
            outputs,
            attemptKey: attemptKey ?? '',
            resume: signal,
            traceId,
            render: (t) => interpolate(t, { input: view.input, outputs, bindings: deps.bindings }),
            deps: stepDeps(deps, runId, step.id, traceId),
          };
          const began = performance.now();
          try {
            result = tracingOn() ? await tracedStep(exec, ctx, d.lease.holder) : await exec.execute(ctx);
          } catch (err) {
            result = failure(err);
          }
          stepDuration.observe({ kind: step.kind, result: result.kind }, (performance.now() - began) / 1000);
          faults.hit('effect.returned', step.id);
        }
      }
      const stepId = cursor;
      const kind = step?.kind ?? 'unknown';
      const at = new Date(d.lease.now()).toISOString();
      if (result.kind === 'done') {
        const next = resolveNext(flow, step!, result.port);
        outputs[stepId] = result.output;
        trace.push({
          stepId,
          kind,
          status: 'done',
          summary: result.output.summary,
          ...(result.output.verdict ? { verdict: result.output.verdict } : {}),
          port: next,
          ...(attemptKey ? { attemptKey } : {}),
          at,
        });
        if (
          next !== null &&
          attemptKey === undefined &&
          w.holding < MAX_HELD &&
          !pauseRequested &&
          replayable(registry, step) &&
          replayable(registry, byId.get(next))
        ) {
          w.hold({ stepId, cursor: next, outputs: { ...outputs } }, trace[trace.length - 1]!);
          cursor = next;
          signal = undefined;
          continue;
        }
        const fin = next === null ? { status: 'completed' as const } : { status: 'running' as const };
        // The end's audit row goes in with the last step (what it summarises is already known).
        const ended = next === null ? endedAudit(finish({ status: 'completed', endedAt: new Date(d.lease.now()) }), traceId) : undefined;
        const r = await w.commit({ ...base, stepId, cursor: next, outputs, trace, attemptKey, attemptOutcome: 'done' }, fin, ended);
        if (!r.ok) return await lostView();
        cursor = next;
        signal = undefined;
        pauseRequested = r.pauseRequested;
        stepDone(deps, runId, row.flowId, trace[trace.length - 1]!, w.seq, traceId);
        if (next === null) {
          const v = finish({ status: 'completed', endedAt: new Date(d.lease.now()) });
          await runEnded(deps, row, v, traceId, r.audit);
          return v;
        }
        continue;
      }
      if (result.kind === 'park') {
        trace.push({ stepId, kind, status: 'parked', summary: result.summary, ...(attemptKey ? { attemptKey } : {}), at });
        const r = await w.commit(
          { ...base, stepId, cursor, outputs, trace, attemptKey, attemptOutcome: 'parked' },
          { status: 'waiting', reason: result.reason, stepId, token: result.token, resumeSignal: undefined },
        );
        if (!r.ok && r.reason === 'pending') {
          trace.pop();
          signal = r.signal;
          continue;
        }
        if (!r.ok) return await lostView();
        const v = finish({ status: 'waiting', waitingReason: result.reason, waitingStepId: stepId, waitingToken: result.token ?? null });
        stepDone(deps, runId, row.flowId, trace[trace.length - 1]!, w.seq, traceId);
        await runParked(deps, v, traceId);
        return v;
      }
      trace.push({
        stepId,
        kind,
        status: 'failed',
        summary: `${result.code}: ${result.message}`,
        ...(attemptKey ? { attemptKey } : {}),
        at,
      });
      const failed = { status: 'error' as const, errorCode: result.code, errorMessage: result.message };
      const ended = endedAudit(finish({ ...failed, endedAt: new Date(d.lease.now()) }), traceId);
      const r = await w.commit(
        { ...base, stepId, cursor, outputs, trace, attemptKey, attemptOutcome: failedOutcome },
        { status: 'error', code: result.code, message: result.message },
        ended,
      );
      if (!r.ok) return await lostView();
      const v = finish({ ...failed, endedAt: new Date(d.lease.now()) });
      stepDone(deps, runId, row.flowId, trace[trace.length - 1]!, w.seq, traceId);
      await runEnded(deps, row, v, traceId, r.audit);
      return v;
    }
  } finally {
    lease.stop();
  }
}

/**
 * A step inside a span of the run's trace: a child of the command being handled when that is in
 * the run's trace, else (a resume, a gate's answer, a timer) under the run's own parent, linked
 * to what woke it.
 */
function tracedStep(exec: StepExecutor, ctx: StepContext, worker: string): Promise<StepResult> {
  const { ctx: parent, links } = runContext(ctx.traceId, ctx.run.id);
  return inSpan(
    `step ${ctx.step.kind} ${ctx.step.id}`,
    {
      parent,
      links,
      attributes: { 'svc.run.id': ctx.run.id, 'svc.step.id': ctx.step.id, 'svc.step.kind': ctx.step.kind, 'svc.worker.id': worker },
    },
    async (span) => {
      const r = await exec.execute(ctx);
      span?.setAttribute('svc.step.result', r.kind);
      if (r.kind === 'fail') failed(span!, { code: r.code });
      return r;
    },
  );
}
