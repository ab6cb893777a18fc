/**
 * `branch` (a condition on a prior output → onTrue/onFalse) and `switch` (first equal case →
 * its port, else onDefault). A missing edge falls through to the next step in order.
 */
import type { StepExecutor } from './types.js';
import { clip } from './summary.js';

const FALSY = new Set(['', 'false', '0', 'null', 'undefined', 'no']);
const MAX_MATCH_INPUT = 10_000;

function num(s: string): number | undefined {
  if (s.trim() === '') return undefined;
  const n = Number(s);
  return Number.isFinite(n) ? n : undefined;
}

export function evaluate(op: string, left: string, right: string): boolean {
  const a = num(left);
  const b = num(right);
  switch (op) {
    case 'eq':
      return a !== undefined && b !== undefined ? a === b : left === right;
    case 'ne':
      return a !== undefined && b !== undefined ? a !== b : left !== right;
    case 'contains':
      return left.includes(right);
    case 'gt':
      return a !== undefined && b !== undefined && a > b;
    case 'gte':
      return a !== undefined && b !== undefined && a >= b;
    case 'lt':
      return a !== undefined && b !== undefined && a < b;
    case 'lte':
      return a !== undefined && b !== undefined && a <= b;
    case 'truthy':
      return !FALSY.has(left.trim().toLowerCase());
    case 'matches':
      return new RegExp(right).test(left.slice(0, MAX_MATCH_INPUT));
    default:
      return false;
  }
}

export const branchStep: StepExecutor<'branch'> = {
  kind: 'branch',
  sideEffect: () => false,
  replayable: () => true,
  async execute(ctx) {
    const { step } = ctx;
    const left = ctx.render(step.input);
    const right = step.value === undefined ? '' : typeof step.value === 'number' ? String(step.value) : ctx.render(step.value);
    const result = evaluate(step.op, left, right);
    const shown = clip(left, 60);
    return {
      kind: 'done',
      output: {
        text: String(result),
        json: { result },
        summary: `"${shown}" ${step.op}${step.op === 'truthy' ? '' : ` "${right}"`}: ${result}`,
      },
      port: result ? step.onTrue : step.onFalse,
    };
  },
};

export const switchStep: StepExecutor<'switch'> = {
  kind: 'switch',
  sideEffect: () => false,
  replayable: () => true,
  async execute(ctx) {
    const { step } = ctx;
    const value = ctx.render(step.input);
    const hit = step.cases.find((c) => c.equals === value);
    const shown = clip(value, 60);
    return {
      kind: 'done',
      output: {
        text: hit ? hit.equals : '',
        json: { value, matched: hit ? hit.equals : null },
        summary: hit ? `"${shown}" matched case "${hit.equals}"` : `"${shown}" matched no case: default`,
      },
      port: hit ? hit.port : step.onDefault,
    };
  },
};
