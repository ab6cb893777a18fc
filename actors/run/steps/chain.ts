/**
 * The chain-touching kinds, all through the one ChainPort: `gate` (spend proposal → onAllow /
 * onEscalate / onDeny by verdict), `org` and `budget` (proposals, same three edges) and
 * `governance` (one edge, `next`). In no-chain mode every verdict is ESCALATE and the trace
 * says so. All four are side effects: the engine opens an attempt around them.
 */
import type { ChainPort } from '../../../chain/port.js';
import type { Verdict } from '../../../schemas/flows.js';
import type { StepContext, StepExecutor, StepResult } from './types.js';

function renderParams(ctx: StepContext, params: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) out[k] = ctx.render(v);
  return out;
}

function byVerdict(step: { onAllow?: string | null; onEscalate?: string | null; onDeny?: string | null }, v: Verdict): string | null | undefined {
  return v === 'ALLOW' ? step.onAllow : v === 'DENY' ? step.onDeny : step.onEscalate;
}

function verdictResult(o: { verdict: Verdict; summary: string; json?: unknown }, port: string | null | undefined): StepResult {
  return { kind: 'done', output: { text: o.verdict, verdict: o.verdict, ...(o.json === undefined ? {} : { json: o.json }), summary: o.summary }, port };
}

export function chainSteps(chain: ChainPort): { gate: StepExecutor<'gate'>; org: StepExecutor<'org'>; budget: StepExecutor<'budget'>; governance: StepExecutor<'governance'> } {
  return {
    gate: {
      kind: 'gate',
      sideEffect: () => true,
      async execute(ctx) {
        const { step, run } = ctx;
        const o = await chain.proposeSpend({ principal: run.principal, value: ctx.render(step.value), ...(step.target === undefined ? {} : { target: ctx.render(step.target) }), ...(step.asset === undefined ? {} : { asset: step.asset }), runId: run.id, stepId: step.id });
        return verdictResult(o, byVerdict(step, o.verdict));
      },
    },
    org: {
      kind: 'org',
      sideEffect: () => true,
      async execute(ctx) {
        const { step, run } = ctx;
        const o = await chain.org({ principal: run.principal, action: step.action, ...(step.node === undefined ? {} : { node: ctx.render(step.node) }), params: renderParams(ctx, step.params), runId: run.id, stepId: step.id });
        return verdictResult(o, byVerdict(step, o.verdict));
      },
    },
    budget: {
      kind: 'budget',
      sideEffect: () => true,
      async execute(ctx) {
        const { step, run } = ctx;
        const o = await chain.budget({ principal: run.principal, action: step.action, params: renderParams(ctx, step.params), runId: run.id, stepId: step.id });
        return verdictResult(o, byVerdict(step, o.verdict));
      },
    },
    governance: {
      kind: 'governance',
      sideEffect: () => true,
      async execute(ctx) {
        const { step, run } = ctx;
        const o = await chain.governance({ principal: run.principal, action: step.action, ...(step.proposal === undefined ? {} : { proposal: ctx.render(step.proposal) }), params: renderParams(ctx, step.params), runId: run.id, stepId: step.id });
        return { kind: 'done', output: { text: o.summary, ...(o.json === undefined ? {} : { json: o.json }), summary: o.summary } };
      },
    },
  };
}
