/** `model`: one completion through the provider (ctx.deps.model); the prompt is interpolated. */
import type { StepExecutor } from './types.js';
import { clip } from './summary.js';

function tryJson(text: string): unknown {
  const t = text.trim();
  if (!(t.startsWith('{') || t.startsWith('['))) return undefined;
  try {
    return JSON.parse(t);
  } catch {
    return undefined;
  }
}

export const modelStep: StepExecutor<'model'> = {
  kind: 'model',
  sideEffect: () => false,
  async execute(ctx) {
    const { step } = ctx;
    const res = await ctx.deps.model.complete({
      prompt: ctx.render(step.prompt),
      ...(step.system === undefined ? {} : { system: ctx.render(step.system) }),
      ...(step.model === undefined ? {} : { model: step.model }),
      runId: ctx.run.id,
      seat: ctx.run.principal,
      stepId: step.id,
      traceId: ctx.traceId,
    } as Parameters<typeof ctx.deps.model.complete>[0]);
    const json = tryJson(res.text);
    const line = res.text.replace(/\s+/g, ' ').trim();
    return { kind: 'done', output: { text: res.text, ...(json === undefined ? {} : { json }), summary: `${res.model}: ${clip(line)}` } };
  },
};
