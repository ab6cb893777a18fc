/**
 * Plan-required mode (SVC_PLAN_REQUIRED): before a step that spends (`spends_only`) or has any
 * side effect (`side_effects`) runs, its principal must have posted a plan in its own thread
 * within the window, else the step fails with `plan_required` and nothing is attempted. A plan
 * is a message of kind `plan` in thread `agent:<principal>` whose author is the principal
 * itself: another seat, the operator included, cannot post one for it. The check only ever
 * refuses: a step it lets through still meets every policy it would meet without the mode.
 */
import type { Step } from '../../schemas/flows.js';
import type { Config } from '../../schemas/config.js';
import type { Store } from '../../store/types.js';
import type { Audit } from '../../runtime/audit.js';
import { gatesOf } from '../../store/gates/index.js';
import { threadOf } from '../../identity/gates.js';
import type { StepResult } from './steps/types.js';

export const PLAN_KIND = 'plan';

/** Steps that move value: a spend intent, a budget action, and the tool that approves an intent. */
function spends(step: Step): boolean {
  return step.kind === 'gate' || step.kind === 'budget' || (step.kind === 'tool' && step.tool === 'svc_approve');
}

/** Whether the mode asks for a plan before `step`; `sideEffect` is the engine's own answer for it. */
export function needsPlan(mode: Config['planRequired']['mode'], step: Step, sideEffect: boolean): boolean {
  if (mode === 'off') return false;
  if (mode === 'spends_only') return spends(step);
  return sideEffect || spends(step);
}

export async function planRefusal(
  deps: { readonly config: Config; readonly store: Store; readonly audit: Audit; readonly now: () => number },
  run: { readonly id: string; readonly principal: string },
  step: Step,
  sideEffect: boolean,
  traceId: string,
): Promise<StepResult | undefined> {
  const { mode, windowMs } = deps.config.planRequired;
  if (mode === 'off' || !needsPlan(mode, step, sideEffect)) return undefined;
  const thread = threadOf(run.principal);
  const plan = await gatesOf(deps.store).latestBy(thread, PLAN_KIND, run.principal, new Date(deps.now() - windowMs));
  if (plan) return undefined;
  await deps.audit.record(
    'PlanRequiredRefused',
    { runId: run.id, stepId: step.id, principal: run.principal, kind: step.kind, mode },
    traceId,
  );
  return {
    kind: 'fail',
    code: 'plan_required',
    message: `plan-required mode (${mode}): ${run.principal} has posted no plan (a message of kind "plan" in ${thread}) in the last ${windowMs / 60_000} minutes, so step ${step.id} (${step.kind}) was not attempted`,
  };
}
