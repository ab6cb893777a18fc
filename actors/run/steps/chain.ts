/**
 * The chain-touching kinds, all through the one ChainPort: `gate` (spend proposal → onAllow /
 * onEscalate / onDeny by verdict), `org` and `budget` (proposals, same three edges) and
 * `governance` (one edge, `next`). In no-chain mode every verdict is ESCALATE and the trace
 * says so. All four are side effects: the engine opens an attempt around them.
 */
import type { ActionScope, ChainOutcome, ChainPort } from '../../../chain/port.js';
import type { Step, Verdict } from '../../../schemas/flows.js';
import type { StepContext, StepExecutor } from './types.js';

type ProposalKind = 'gate' | 'org' | 'budget';

function renderParams(ctx: StepContext, params: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(params ?? {})) out[k] = ctx.render(v);
  return out;
}

function scopeOf(ctx: StepContext): { scope?: ActionScope } {
  const s = ctx.run.flow.scope;
  return s === undefined ? {} : { scope: { level: s.level, ref: s.ref } };
}

function byVerdict(
  step: { onAllow?: string | null; onEscalate?: string | null; onDeny?: string | null },
  v: Verdict,
): string | null | undefined {
  return v === 'ALLOW' ? step.onAllow : v === 'DENY' ? step.onDeny : step.onEscalate;
}

/** A proposal kind: the chain's verdict is the output and picks the onAllow / onEscalate / onDeny edge. */
function proposal<K extends ProposalKind>(
  kind: K,
  propose: (ctx: StepContext<Extract<Step, { kind: K }>>) => Promise<ChainOutcome>,
): StepExecutor<K> {
  return {
    kind,
    sideEffect: () => true,
    async execute(ctx) {
      const o = await propose(ctx);
      const port = byVerdict(ctx.step, o.verdict);
      return {
        kind: 'done',
        output: { text: o.verdict, verdict: o.verdict, ...(o.json === undefined ? {} : { json: o.json }), summary: o.summary },
        port,
      };
    },
  };
}

export function chainSteps(chain: ChainPort): { [K in ProposalKind | 'governance']: StepExecutor<K> } {
  return {
    gate: proposal('gate', (ctx) =>
      chain.proposeSpend({
        principal: ctx.run.principal,
        value: ctx.render(ctx.step.value),
        ...(ctx.step.target === undefined ? {} : { target: ctx.render(ctx.step.target) }),
        ...(ctx.step.asset === undefined ? {} : { asset: ctx.step.asset }),
        ...scopeOf(ctx),
        runId: ctx.run.id,
        stepId: ctx.step.id,
        attemptKey: ctx.attemptKey,
        traceId: ctx.traceId,
      }),
    ),
    org: proposal('org', (ctx) =>
      chain.org({
        principal: ctx.run.principal,
        ...scopeOf(ctx),
        action: ctx.step.action,
        ...(ctx.step.node === undefined ? {} : { node: ctx.render(ctx.step.node) }),
        params: renderParams(ctx, ctx.step.params),
        runId: ctx.run.id,
        stepId: ctx.step.id,
      }),
    ),
    budget: proposal('budget', (ctx) =>
      chain.budget({
        principal: ctx.run.principal,
        ...scopeOf(ctx),
        action: ctx.step.action,
        params: renderParams(ctx, ctx.step.params),
        runId: ctx.run.id,
        stepId: ctx.step.id,
      }),
    ),
    governance: {
      kind: 'governance',
      sideEffect: () => true,
      async execute(ctx) {
        const { step, run } = ctx;
        const o = await chain.governance({
          principal: run.principal,
          action: step.action,
          ...(step.proposal === undefined ? {} : { proposal: ctx.render(step.proposal) }),
          params: renderParams(ctx, step.params),
          runId: run.id,
          stepId: step.id,
        });
        return { kind: 'done', output: { text: o.summary, ...(o.json === undefined ? {} : { json: o.json }), summary: o.summary } };
      },
    },
  };
}
