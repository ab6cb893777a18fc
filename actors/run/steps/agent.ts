/**
 * `agent`: delegation. The child run executes under the delegate's own principal: a one-step
 * model flow for a `prompt`, or a saved flow for `flowId`. One child per (run, step), enforced
 * by a unique key, so re-entering the step (after a park, a takeover or a signal) finds the
 * existing child instead of starting another. The stack of flow ids refuses a revisit
 * (`flow_delegation_cycle`) and more than four levels (`flow_delegation_too_deep`).
 */
import type { Flow } from '../../../schemas/flows.js';
import type { RunView, StepExecutor } from './types.js';

export const MAX_DELEGATION_DEPTH = 4;

export interface ChildState {
  readonly id: string;
  readonly status: string;
  readonly lastSummary: string;
  readonly lastText: string | undefined;
  readonly error: { code: string; message: string } | undefined;
}

export interface Delegation {
  /** A saved flow visible to the delegate, or undefined. */
  loadFlow(flowId: string, principal: string): Promise<Flow | undefined>;
  /** The existing child of (parent, step), or a new one started and driven here. */
  child(parent: RunView, stepId: string, spec: { flow: Flow; principal: string; input: string | undefined }): Promise<ChildState>;
  /** The existing child of (parent, step), if any. */
  existing(parent: RunView, stepId: string): Promise<ChildState | undefined>;
}

/** The flow a prompt delegation runs: one model step, prompted with the child's input. */
export function promptFlow(agent: string): Flow {
  return { id: `prompt:${agent}`, title: `prompt for ${agent}`, steps: [{ id: 'answer', kind: 'model', prompt: '{{input}}' }] };
}

export function agentStep(delegation: Delegation): StepExecutor<'agent'> {
  return {
    kind: 'agent',
    sideEffect: () => true,
    async execute(ctx) {
      const { step, run } = ctx;
      const agent = ctx.render(step.agent).trim();
      // A child must run as someone: an empty delegate would run as principal "".
      if (agent === '')
        return {
          kind: 'fail',
          code: 'flow_delegate_failed',
          message: `step ${step.id}: agent "${step.agent}" renders empty; no delegate to run as`,
        };
      let child = await delegation.existing(run, step.id);
      if (!child) {
        const prompt = step.prompt === undefined ? undefined : ctx.render(step.prompt);
        let flow: Flow | undefined;
        if (step.flowId !== undefined) {
          flow = await delegation.loadFlow(step.flowId, agent);
          if (!flow)
            return {
              kind: 'fail',
              code: 'flow_delegate_failed',
              message: `step ${step.id}: flow ${step.flowId} is not saved or not visible to ${agent}`,
            };
        } else {
          flow = promptFlow(agent);
        }
        if (run.stack.includes(flow.id)) {
          return {
            kind: 'fail',
            code: 'flow_delegation_cycle',
            message: `step ${step.id}: delegating to flow ${flow.id} revisits the stack ${[...run.stack, flow.id].join(' → ')}`,
          };
        }
        if (run.stack.length >= MAX_DELEGATION_DEPTH + 1) {
          return {
            kind: 'fail',
            code: 'flow_delegation_too_deep',
            message: `step ${step.id}: delegating to flow ${flow.id} would be level ${run.stack.length} (at most ${MAX_DELEGATION_DEPTH})`,
          };
        }
        child = await delegation.child(run, step.id, { flow, principal: agent, input: prompt ?? run.input });
      }
      switch (child.status) {
        case 'completed':
          return {
            kind: 'done',
            output: {
              text: child.lastSummary,
              json: { childRunId: child.id, status: child.status, ...(child.lastText === undefined ? {} : { text: child.lastText }) },
              summary: `delegate ${agent} (run ${child.id}) completed: ${child.lastSummary}`,
            },
          };
        case 'error':
          return {
            kind: 'fail',
            code: 'flow_delegate_failed',
            message: `step ${step.id}: delegate run ${child.id} failed${child.error ? ` (${child.error.code}: ${child.error.message})` : ''}`,
          };
        case 'cancelled':
          return { kind: 'fail', code: 'flow_delegate_cancelled', message: `step ${step.id}: delegate run ${child.id} was cancelled` };
        default:
          return {
            kind: 'park',
            reason: 'awaiting_child',
            token: child.id,
            summary: `waiting for delegate ${agent} (run ${child.id}, ${child.status})`,
          };
      }
    },
  };
}
