/**
 * The `human` step: asks a person and parks the run until an answer or the deadline. The gate
 * actor owns the question (one per run and step, whatever re-enters); this executor only
 * renders prompt and assignee, opens the gate, and maps the resume signal to a port. A
 * re-entry with no signal (a resume from a checkpoint, a second replica) re-opens, which finds
 * the existing question and honours an answer that already landed.
 */
import { validAssignee, type GateOpenRequest } from '../../../schemas/gates.js';
import { clientOf } from '../../../bus/verbs.js';
import type { StepContext, StepExecutor, StepResult } from './types.js';

type HumanCtx = StepContext<Extract<StepContext['step'], { kind: 'human' }>>;

export const humanStep: StepExecutor<'human'> = {
  kind: 'human',
  // Opening a question is idempotent per (run, step); no attempt record is needed.
  sideEffect: () => false,
  async execute(ctx) {
    const { step } = ctx;
    const signal = ctx.resume;
    if (signal?.kind === 'gate_answered') return answered(ctx, signal.optionId, signal.port);
    if (signal?.kind === 'gate_timed_out') return timedOut(ctx);

    const assignee = step.assignee === undefined ? undefined : ctx.render(step.assignee).trim();
    // An assignee that was written but renders empty must not fall open to "any human".
    if (assignee === '' && step.assignee!.trim() !== '') {
      return {
        kind: 'fail',
        code: 'human_gate_invalid_assignee',
        message: `step ${step.id}: the assignee "${step.assignee}" renders empty`,
      };
    }
    if (assignee !== undefined && assignee !== '' && !validAssignee(assignee)) {
      return { kind: 'fail', code: 'human_gate_invalid_assignee', message: `step ${step.id}: the assignee renders to more than one token` };
    }
    const request: GateOpenRequest = {
      runId: ctx.run.id,
      stepId: step.id,
      purpose: 'human_gate',
      principal: ctx.run.principal,
      prompt: ctx.render(step.prompt),
      options: step.options.map((o) => ({ id: o.id, label: o.label, port: o.port })),
      assignee: assignee === undefined || assignee === '' ? null : assignee,
      ...(step.timeoutMs === undefined ? {} : { timeoutMs: step.timeoutMs }),
    };
    const gate = await clientOf(ctx.deps.bus, 'gate').open(request, { timeoutMs: 15_000, traceId: ctx.traceId });
    // The answer may have landed while the run was not parked (a crash, a lost signal).
    if (gate.status === 'resolved' && gate.optionId !== null) return answered(ctx, gate.optionId, gate.port);
    if (gate.status === 'timed_out') return timedOut(ctx);
    return {
      kind: 'park',
      reason: 'human_gate',
      token: gate.questionId,
      summary: `waiting for ${request.assignee ?? 'a human'} to answer question ${gate.questionId} in ${gate.thread}`,
    };
  },
};

function answered(ctx: HumanCtx, optionId: string, port: string | null): StepResult {
  const option = ctx.step.options.find((o) => o.id === optionId);
  return {
    kind: 'done',
    port: option ? option.port : port,
    output: { text: optionId, summary: `answered ${optionId}${option ? ` (${option.label})` : ''}` },
  };
}

function timedOut(ctx: HumanCtx): StepResult {
  if (ctx.step.timeoutPort !== undefined) {
    return {
      kind: 'done',
      port: ctx.step.timeoutPort,
      output: { text: 'timeout', summary: 'no answer before the deadline; took timeoutPort' },
    };
  }
  return { kind: 'fail', code: 'human_gate_timed_out', message: `step ${ctx.step.id}: no answer before the deadline and no timeoutPort` };
}
