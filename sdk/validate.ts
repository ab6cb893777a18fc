/**
 * Validation of a flow definition beyond its TypeBox schema: what the server checks on save and on
 * an inline run, and what the builder checks on `build()`. Every refusal is one `InvalidFlowError`
 * (the server answers it as 400 `invalid_flow`) whose message names the step: unknown kinds or edge
 * properties, duplicate ids, edges to missing steps, cycles (any cycle in the graph of explicit
 * edges plus fall-through), a human `assignee` with a space, a `timeoutMs` under five minutes,
 * a bad cron schedule, an agent step with neither prompt nor flowId, a malformed tool name.
 */
import { Value } from 'typebox/value';
import { Compile, type Validator } from 'typebox/compile';
import type { TSchema } from 'typebox';
import { Cron } from 'croner';
import { InvalidFlowError } from './errors.js';
import {
  Flow,
  Step,
  STEP_KINDS,
  ModelStep,
  ToolStep,
  GateStep,
  BranchStep,
  SwitchStep,
  AgentStep,
  OrgStep,
  BudgetStep,
  GovernanceStep,
  HumanStep,
  WaitStep,
  MAX_TEMPLATE,
  type StepKind,
} from './schema.js';
import { literalPart } from './template.js';
import { isKnownSvcTool } from './svc-tools.js';
import { explicitEdges, fallsThrough } from './edges.js';

export { explicitEdges, fallsThrough };

export const MIN_HUMAN_TIMEOUT_MS = 300_000;
const BY_KIND = {
  model: ModelStep,
  tool: ToolStep,
  gate: GateStep,
  branch: BranchStep,
  switch: SwitchStep,
  agent: AgentStep,
  org: OrgStep,
  budget: BudgetStep,
  governance: GovernanceStep,
  human: HumanStep,
  wait: WaitStep,
} as const;

/** Every inline run validates its flow: a compiled check (microseconds) answers for the valid
 * case; the slow error walk runs only to name what is wrong. */
const compiled = new Map<TSchema, Validator>();
function firstError(schema: TSchema, value: unknown): ReturnType<typeof Value.Errors>[number] | undefined {
  let v = compiled.get(schema);
  if (!v) compiled.set(schema, (v = Compile(schema)));
  return v.Check(value) ? undefined : Value.Errors(schema, value)[0];
}

function invalid(message: string): InvalidFlowError {
  return new InvalidFlowError(message);
}

function checkShape(raw: unknown): Flow {
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) throw invalid('a flow must be a JSON object');
  const steps = (raw as { steps?: unknown }).steps;
  if (Array.isArray(steps)) {
    steps.forEach((s, i) => {
      const id = s && typeof s === 'object' && typeof (s as { id?: unknown }).id === 'string' ? (s as { id: string }).id : `#${i + 1}`;
      const kind = s && typeof s === 'object' ? (s as { kind?: unknown }).kind : undefined;
      if (typeof kind !== 'string' || !(STEP_KINDS as readonly string[]).includes(kind)) {
        throw invalid(`step ${id}: unknown step kind ${JSON.stringify(kind ?? null)} (known: ${STEP_KINDS.join(', ')})`);
      }
      const schema = BY_KIND[kind as StepKind];
      const err = firstError(schema, s);
      if (err) {
        const prop = err.instancePath.split('/')[1] ?? '';
        const known = Object.hasOwn((schema as { properties: object }).properties, prop);
        const what =
          prop !== '' && !known
            ? `unknown property ${JSON.stringify(prop)} for a ${kind} step (edges and parameters are fixed per kind)`
            : `${err.instancePath || '/'} ${err.message}`;
        throw invalid(`step ${id}: ${what}`);
      }
    });
  }
  const err = firstError(Flow, raw);
  if (err) throw invalid(`flow ${err.instancePath || '/'} ${err.message}`);
  return raw as Flow;
}

function checkCycles(flow: Flow): void {
  const index = new Map(flow.steps.map((s, i) => [s.id, i]));
  const succ = (i: number): number[] => {
    const s = flow.steps[i]!;
    const out = new Set<number>();
    for (const e of explicitEdges(s)) if (typeof e.to === 'string') out.add(index.get(e.to)!);
    if (fallsThrough(s) && i + 1 < flow.steps.length) out.add(i + 1);
    return [...out];
  };
  const state = new Array<number>(flow.steps.length).fill(0); // 0 new, 1 on stack, 2 done
  const path: number[] = [];
  const visit = (i: number): void => {
    state[i] = 1;
    path.push(i);
    for (const j of succ(i)) {
      if (state[j] === 1) {
        const loop = [...path.slice(path.indexOf(j)), j].map((k) => flow.steps[k]!.id);
        throw invalid(`step ${flow.steps[i]!.id}: its edges form a cycle (${loop.join(' → ')}); recurrence belongs to the trigger layer`);
      }
      if (state[j] === 0) visit(j);
    }
    path.pop();
    state[i] = 2;
  };
  for (let i = 0; i < flow.steps.length; i++) if (state[i] === 0) visit(i);
}

const TOOL_NAME = /^(svc_[a-z0-9_]+|[A-Za-z0-9_-]+\.[A-Za-z0-9_.-]+|mcp__[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*__[A-Za-z0-9_.-]+)$/;

function checkStep(step: Step): void {
  const at = `step ${step.id}`;
  if (step.kind === 'human') {
    // The literal text outside {{...}} must hold no space; what a reference renders to is checked when the gate opens.
    if (step.assignee !== undefined && /\s/.test(literalPart(step.assignee.trim()))) {
      throw invalid(`${at}: assignee must be one token (a seat id, 0x address or one-word handle), not "${step.assignee}"`);
    }
    if (step.timeoutMs !== undefined && step.timeoutMs < MIN_HUMAN_TIMEOUT_MS) {
      throw invalid(`${at}: timeoutMs must be at least 300000 (5 minutes), got ${step.timeoutMs}`);
    }
    const ids = new Set<string>();
    for (const o of step.options) {
      if (ids.has(o.id)) throw invalid(`${at}: option id ${o.id} is used twice`);
      ids.add(o.id);
    }
  }
  if (step.kind === 'wait') {
    if (step.key !== undefined && step.for !== 'webhook') throw invalid(`${at}: key applies to a wait for: webhook only`);
    if (step.timeoutPort !== undefined && step.timeoutMs === undefined) throw invalid(`${at}: timeoutPort needs a timeoutMs`);
  }
  if (step.kind === 'agent' && step.prompt === undefined && step.flowId === undefined) {
    throw invalid(`${at}: an agent step needs a prompt or a flowId`);
  }
  if (step.kind === 'tool') {
    if (!TOOL_NAME.test(step.tool))
      throw invalid(`${at}: tool must be svc_<name>, <connector>.<route> or mcp__<server>__<tool>, not "${step.tool}"`);
    if (step.tool.startsWith('svc_') && !isKnownSvcTool(step.tool)) throw invalid(`${at}: unknown first-party tool ${step.tool}`);
    checkToolArgs(at, step.tool, step.args ?? {});
  }
  if (step.kind === 'branch' && step.op === 'matches') {
    try {
      new RegExp(String(step.value ?? ''));
    } catch {
      throw invalid(`${at}: value is not a valid regular expression`);
    }
  }
}

/** Connector routes and `svc_*` tools take strings; an `mcp__*` tool any JSON, its strings bounded like templates. */
function checkToolArgs(at: string, tool: string, args: Record<string, unknown>): void {
  const json = tool.startsWith('mcp__');
  const walk = (v: unknown, path: string): void => {
    if (typeof v === 'string') {
      if (v.length > MAX_TEMPLATE) throw invalid(`${at}: ${path} is longer than ${MAX_TEMPLATE} characters`);
    } else if (!json) {
      throw invalid(`${at}: ${path} must be a string for ${tool} (only mcp__* tools take other JSON values)`);
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${path}.${i}`));
    else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
  };
  for (const [k, v] of Object.entries(args)) walk(v, `args.${k}`);
}

/** Validates a definition; returns it typed, or throws `InvalidFlowError`. */
export function validateFlow(raw: unknown): Flow {
  const flow = checkShape(raw);
  const ids = new Set<string>();
  for (const s of flow.steps) {
    if (ids.has(s.id)) throw invalid(`step ${s.id}: duplicate step id`);
    ids.add(s.id);
  }
  for (const s of flow.steps) {
    for (const e of explicitEdges(s)) {
      if (typeof e.to === 'string' && !ids.has(e.to)) throw invalid(`step ${s.id}: ${e.name} points to a missing step "${e.to}"`);
    }
    checkStep(s);
  }
  checkCycles(flow);
  if (flow.trigger === 'cron') {
    if (flow.schedule === undefined) throw invalid('flow: a cron trigger needs a schedule (5-field UTC cron expression)');
    if (flow.schedule.trim().split(/\s+/).length !== 5) throw invalid(`flow: schedule "${flow.schedule}" must have exactly 5 fields`);
    try {
      new Cron(flow.schedule, { paused: true, timezone: 'UTC' }).stop();
    } catch (err) {
      throw invalid(`flow: schedule "${flow.schedule}" is not a valid cron expression (${(err as Error).message})`);
    }
  }
  if (flow.scope && flow.scope.level !== 'org' && flow.scope.ref === undefined)
    throw invalid(`flow: a ${flow.scope.level} scope needs a ref`);
  return flow;
}
