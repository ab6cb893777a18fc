/**
 * `wait`: parks the run (`awaiting_human` or `awaiting_webhook`) until something releases it
 * (an operator resume, or a trigger's release signal); re-entered with a signal, it falls
 * through to `next`.
 */
import type { StepExecutor } from './types.js';

export const waitStep: StepExecutor<'wait'> = {
  kind: 'wait',
  sideEffect: () => false,
  async execute(ctx) {
    if (ctx.resume !== undefined) return { kind: 'done', output: { text: '', summary: `released (${ctx.resume.kind})` } };
    const reason = ctx.step.for === 'webhook' ? 'awaiting_webhook' : 'awaiting_human';
    return { kind: 'park', reason, summary: `waiting for ${ctx.step.for === 'webhook' ? 'a webhook' : 'a human'} to release the run` };
  },
};
