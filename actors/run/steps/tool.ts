/**
 * `tool`: first-party `svc_*` tools (no attempt: the reads change nothing, and `svc_approve` refuses without a chain; only the reads are replayable), `<connector>.<route>` HTTP calls through
 * the connectors module, and `mcp__<server>__<tool>` through the mcp actor and its allowlist.
 * An ask-mode MCP write parks the run (`connector_ask`) on a yes/no question opened by the gate
 * actor; the step is re-entered with `ask_answered`. Arguments are interpolated strings; an MCP
 * tool's may be any JSON, every string in it interpolated, and the mcp actor checks them against
 * the tool's published inputSchema before the call. A result with `isError` fails the step
 * (`mcp_tool_error:<server>.<tool>`), and a result's `text` is its text content.
 */
import { AppError } from '../../../schemas/errors.js';
import { MCP_CALL_TIMEOUT_MS, toolResultText } from '../../../schemas/mcp.js';
import type { Connectors } from '../../../connectors/index.js';
import type { Clients } from '../../../bus/verbs.js';
import { callSvcTool, isSvcRead } from '../../../tools/svc.js';
import type { StepContext, StepExecutor, StepOutput, StepResult } from './types.js';
import { asText } from '../../../flows/interpolate.js';
import { clip } from './summary.js';
import type { ChainPort } from '../../../chain/port.js';

export interface ToolStepDeps {
  readonly connectors: Connectors;
  readonly chain: ChainPort;
  readonly clients: Pick<Clients, 'mcp' | 'gate'>;
}

function bodyOutput(body: unknown, what: string): StepOutput {
  const text = asText(body);
  return {
    text,
    ...(typeof body === 'object' && body !== null ? { json: body } : {}),
    summary: `${what}: ${clip(text.replace(/\s+/g, ' '))}`,
  };
}

async function callMcp(
  clients: ToolStepDeps['clients'],
  ctx: StepContext<Extract<import('../../../schemas/flows.js').Step, { kind: 'tool' }>>,
  args: Record<string, unknown>,
): Promise<StepResult> {
  const { step, run, resume } = ctx;
  let approvedQuestionId: string | undefined;
  if (resume?.kind === 'ask_answered') {
    if (!resume.approved)
      return { kind: 'fail', code: 'mcp_mode_denied', message: `step ${step.id}: the person asked declined ${step.tool}` };
    approvedQuestionId = resume.questionId;
  }
  // The principal's workspace decides which owned servers it sees, as its token would at /mcp/call.
  const workspace = ctx.deps.config.identities.find((i) => i.seat === run.principal)?.workspace;
  const reply = await clients.mcp.call(
    {
      name: step.tool,
      arguments: args,
      seat: run.principal,
      askSurface: true,
      ...(workspace === undefined ? {} : { workspace }),
      ...(approvedQuestionId ? { approvedQuestionId } : {}),
    },
    { timeoutMs: MCP_CALL_TIMEOUT_MS, traceId: ctx.traceId },
  );
  if (reply.status === 'ok') {
    const text = toolResultText(reply.result);
    return {
      kind: 'done',
      output: { text, json: reply.result, summary: `${step.tool} (untrusted): ${clip(text.replace(/\s+/g, ' '))}` },
    };
  }
  if (reply.status === 'tool_error') {
    return {
      kind: 'fail',
      code: `mcp_tool_error:${reply.server}.${reply.tool}`,
      message: `step ${step.id}: ${reply.server}.${reply.tool} answered an error: ${clip(reply.text || '(no text)', TOOL_ERROR_CHARS)}`,
    };
  }
  const q = await clients.gate.open(
    {
      runId: run.id,
      stepId: step.id,
      principal: run.principal,
      prompt: `Allow ${reply.server}.${reply.tool} for run ${run.id}?`,
      options: [
        { id: 'yes', label: 'Yes', port: null },
        { id: 'no', label: 'No', port: null },
      ],
      purpose: 'connector_ask',
    },
    { timeoutMs: 30_000, traceId: ctx.traceId },
  );
  return {
    kind: 'park',
    reason: 'connector_ask',
    token: q.questionId,
    summary: `${reply.server}.${reply.tool} needs a confirmation (question ${q.questionId})`,
  };
}

/** How much of a tool's error text the run keeps (its error message and trace). */
const TOOL_ERROR_CHARS = 2000;

/** Every string at any depth interpolated; other JSON values as they are. */
function renderDeep(v: unknown, render: (s: string) => string): unknown {
  if (typeof v === 'string') return render(v);
  if (Array.isArray(v)) return v.map((x) => renderDeep(x, render));
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, renderDeep(x, render)]));
  return v;
}

export function toolStep(deps: ToolStepDeps): StepExecutor<'tool'> {
  return {
    kind: 'tool',
    sideEffect: (step) => !step.tool.startsWith('svc_'),
    replayable: (step) => isSvcRead(step.tool),
    async execute(ctx) {
      const { step, run } = ctx;
      if (step.tool.startsWith('mcp__'))
        return callMcp(deps.clients, ctx, renderDeep(step.args ?? {}, (t) => ctx.render(t)) as Record<string, unknown>);
      // Held to strings at validation (flows/validate.ts).
      const args: Record<string, string> = {};
      for (const [k, v] of Object.entries(step.args ?? {})) args[k] = ctx.render(String(v));
      if (step.tool.startsWith('svc_')) {
        const out = await callSvcTool(step.tool, args, {
          principal: run.principal,
          runId: run.id,
          traceId: ctx.traceId,
          chain: deps.chain,
        });
        if (!out) throw new AppError('flow_step_failed', { message: `step ${step.id}: unknown first-party tool ${step.tool}` });
        return { kind: 'done', output: out };
      }
      const res = await deps.connectors.call(step.tool, args);
      if (!res.ok) {
        return {
          kind: 'fail',
          code: 'flow_step_failed',
          message: `step ${step.id}: ${step.tool} answered ${res.status}: ${clip(asText(res.body))}`,
        };
      }
      return { kind: 'done', output: bodyOutput(res.body, `${step.tool} ${res.status}`) };
    },
  };
}
