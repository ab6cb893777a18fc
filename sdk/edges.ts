/**
 * The edges of a flow's steps: the ports each kind has and where a step falls through to the
 * next in declaration order. Types only from the schema, so a client that draws a flow (the
 * console's graph) reads the same rules without loading the validator.
 */
import type { Step } from './schema.js';

/** Every explicit edge of a step (null edges stop and lead nowhere). */
export function explicitEdges(step: Step): { name: string; to: string | null | undefined }[] {
  switch (step.kind) {
    case 'branch':
      return [
        { name: 'onTrue', to: step.onTrue },
        { name: 'onFalse', to: step.onFalse },
      ];
    case 'switch':
      return [...step.cases.map((c, i) => ({ name: `cases[${i}].port`, to: c.port })), { name: 'onDefault', to: step.onDefault }];
    case 'gate':
    case 'org':
    case 'budget':
      return [
        { name: 'onAllow', to: step.onAllow },
        { name: 'onEscalate', to: step.onEscalate },
        { name: 'onDeny', to: step.onDeny },
      ];
    case 'human':
      return [...step.options.map((o) => ({ name: `options.${o.id}.port`, to: o.port })), { name: 'timeoutPort', to: step.timeoutPort }];
    case 'wait':
      return [
        { name: 'next', to: step.next },
        { name: 'timeoutPort', to: step.timeoutPort },
      ];
    default:
      return [{ name: 'next', to: step.next }];
  }
}

/** Whether some outcome of the step falls through to the next step in declaration order. */
export function fallsThrough(step: Step): boolean {
  if (step.kind === 'human') return false; // options always name a port; a timeout without timeoutPort fails closed
  return explicitEdges(step).some((e) => e.to === undefined);
}
