/**
 * `wait`: parks the run (`awaiting_human` or `awaiting_webhook`) until something releases it.
 * A plain wait is released by an operator resume and falls through to `next`. A wait with a
 * `key` (for: webhook) or a `timeoutMs` keeps a row of its own (store/waits, one per run and
 * step, like a gate's question): a releaser trigger's event with the same key, flow and
 * principal releases it, with the event's mapped input as this step's output; an event that came
 * first and is still kept releases it before it parks; the deadline sweep (run/waits.ts) takes
 * `timeoutPort`, or fails the run closed without one. Re-entered with no signal (a takeover),
 * the step finds its row as the race left it.
 */
import { waitsOf, type WaitRow } from '../../../store/waits/index.js';
import type { StepContext, StepExecutor, StepResult } from './types.js';
import { clip } from './summary.js';

type WaitCtx = StepContext<Extract<StepContext['step'], { kind: 'wait' }>>;

function released(input: string, how: string): StepResult {
  let json: unknown;
  try {
    json = JSON.parse(input);
  } catch {
    json = undefined;
  }
  return {
    kind: 'done',
    output: {
      text: input,
      ...(json !== null && typeof json === 'object' ? { json } : {}),
      summary: `released by ${how}: ${clip(input.replace(/\s+/g, ' '))}`,
    },
  };
}

function timedOut(ctx: WaitCtx): StepResult {
  if (ctx.step.timeoutPort !== undefined) {
    return {
      kind: 'done',
      port: ctx.step.timeoutPort,
      output: { text: 'timeout', summary: 'nothing released it in time; took timeoutPort' },
    };
  }
  return {
    kind: 'fail',
    code: 'flow_wait_timed_out',
    message: `step ${ctx.step.id}: nothing released it within ${ctx.step.timeoutMs} ms and it has no timeoutPort`,
  };
}

/** What the wait's row says happened, when something did. */
async function settled(ctx: WaitCtx, w: WaitRow): Promise<StepResult | undefined> {
  if (w.status === 'timed_out') return timedOut(ctx);
  if (w.status === 'released' && w.eventId !== null) {
    const e = await waitsOf(ctx.deps.store).event(w.eventId);
    return released(e?.input ?? '', `event ${w.eventId}`);
  }
  if (w.status === 'closed') return { kind: 'done', output: { text: '', summary: 'released (resumed)' } };
  return undefined;
}

function park(ctx: WaitCtx, key: string | undefined): StepResult {
  const webhook = ctx.step.for === 'webhook';
  return {
    kind: 'park',
    reason: webhook ? 'awaiting_webhook' : 'awaiting_human',
    ...(key === undefined ? {} : { token: key }),
    summary: `waiting for ${webhook ? `a webhook${key === undefined ? '' : ` with key ${clip(key)}`}` : 'a human'} to release the run`,
  };
}

export const waitStep: StepExecutor<'wait'> = {
  kind: 'wait',
  sideEffect: () => false,
  async execute(ctx) {
    const { step, run } = ctx;
    if (step.key === undefined && step.timeoutMs === undefined) {
      if (ctx.resume !== undefined) return { kind: 'done', output: { text: '', summary: `released (${ctx.resume.kind})` } };
      return park(ctx, undefined);
    }
    const waits = waitsOf(ctx.deps.store);
    const now = ctx.deps.now();
    if (ctx.resume?.kind === 'wait_timed_out') return timedOut(ctx);
    if (ctx.resume !== undefined && ctx.resume.kind !== 'wait_released') {
      // An operator's resume: closed first, so no event is spent on it afterwards; an event that
      // won the race released it, and its input is the output.
      const w = await waits.find(run.id, step.id);
      if (w && !(await waits.end(w.id, 'closed', new Date(now)))) {
        const after = await waits.find(run.id, step.id);
        if (after) return (await settled(ctx, after)) ?? { kind: 'done', output: { text: '', summary: 'released (resumed)' } };
      }
      return { kind: 'done', output: { text: '', summary: 'released (resumed)' } };
    }
    const key = step.key === undefined ? undefined : ctx.render(step.key).trim();
    if (key === '') return { kind: 'fail', code: 'flow_step_failed', message: `step ${step.id}: the key "${step.key}" renders empty` };
    const w = await waits.open({
      runId: run.id,
      stepId: step.id,
      flowId: run.flow.id,
      principal: run.principal,
      key: key ?? null,
      deadlineAt: step.timeoutMs === undefined ? null : new Date(now + step.timeoutMs),
      traceId: ctx.traceId,
      createdAt: new Date(now),
    });
    const done = await settled(ctx, w);
    if (done) return done;
    // The wait's row is stored before this read, and an event is stored before its handler looks
    // for waits: whichever comes second sees the other, so an event is never left beside a wait.
    if (key !== undefined) {
      for (const e of await waits.keptFor(run.flow.id, run.principal, key, new Date(now))) {
        if (await waits.bind(e.id, w.id, new Date(now))) return released(e.input, `event ${e.id}, kept until the wait parked`);
        const again = await waits.find(run.id, step.id);
        if (again?.status !== 'waiting') return (await settled(ctx, again!)) ?? park(ctx, key);
      }
    }
    return park(ctx, key);
  },
};
