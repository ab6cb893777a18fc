/**
 * `mcp.call`: the one path to an external tool, for `/mcp/call`, the `/mcp` MCP endpoint and
 * flow runs alike (a `svc_*` name is answered by the first-party tools instead). Flow runs send
 * it as a work-queue command; the gateway asks it as a core request/reply (the verb is `rpc`), which
 * skips the stream round trips and is never redelivered, so a call reaches a server at most once.
 * Order matters: parse the name, find the server the caller may see, resolve the rule for the
 * seat, apply the write mode, and only then touch the network (credential, egress re-check,
 * bounded session). Every outcome, refusals included, leaves one ExternalMcpCalled row with
 * no arguments and no results (argument keys only under SVC_MCP_AUDIT_ARGS=1). The row is
 * written once the outcome is decided, and the answer does not wait for its commit: the call
 * went out (or was refused) before any row existed, so a crash before the commit loses the same
 * row whichever comes first (runtime/detached-audit.ts).
 */
import { injectContext, inSpan, SpanKind, tracingOn } from '../../../kernel/tracing.js';
import type { HandlerContext } from '../../../bus/types.js';
import { AppError, isAppError } from '../../../schemas/errors.js';
import { toolResultText, type McpCallCommand, type McpCallOutcome } from '../../../schemas/mcp.js';
import { findVisible, type McpContext } from '../context.js';
import { callFirstParty } from '../first-party-call.js';
import { parseToolName } from '../../../schemas/mcp-names.js';
import { boundsFor, withClient } from '../session.js';
import { toolState } from '../view.js';
import type { Bounds } from '../bounds.js';
import { checkArguments } from '../arguments.js';
import { requireActAs } from '../../../identity/mcp.js';
import type { EventData } from '../../../schemas/events.js';

export type CallPayload = McpCallCommand;

export function callHandlers(ctx: McpContext) {
  return { call: (h: HandlerContext, p: CallPayload) => callTool(ctx, p, h.traceId) };
}

async function callTool(ctx: McpContext, p: CallPayload, traceId: string): Promise<McpCallOutcome> {
  const started = performance.now();
  requireActAs(ctx.deps.config.identities, p.caller, p.seat);
  const parsed = parseToolName(p.name);
  if (parsed.kind !== 'external') {
    if (parsed.kind === 'first-party') return callFirstParty(p.name, p.arguments ?? {}, p.seat, traceId, ctx.deps.chain);
    throw new AppError('unknown_external_mcp_tool', {
      detail: p.name,
      message: `${p.name} is not an external tool name (mcp__<server>__<tool>)`,
    });
  }
  const { server, tool } = parsed;
  type Called = EventData<'ExternalMcpCalled'>;
  const audit: Omit<Called, 'outcome' | 'wentOut' | 'durationMs'> = {
    server,
    tool,
    seat: p.seat,
    owner: p.workspace ?? null,
    effect: null,
    mode: null,
    askSurface: p.askSurface,
  };
  if (ctx.deps.config.mcp.auditArgs) audit.argumentKeys = Object.keys(p.arguments ?? {}).sort();
  let bounds: Bounds | undefined;
  const record = (outcome: Called['outcome'], extra: Pick<Called, 'error' | 'isError'> = {}) =>
    ctx.calls.write(
      'ExternalMcpCalled',
      {
        ...audit,
        outcome,
        wentOut: bounds?.wentOut ?? false,
        durationMs: Math.round((performance.now() - started) * 1000) / 1000,
        ...extra,
      },
      traceId,
    );
  const refuse = (err: AppError): never => {
    record(bounds?.wentOut ? 'failed' : 'refused', { error: err.wireCode });
    throw err;
  };

  const s = await findVisible(ctx, p.workspace, server);
  const state = s && (await toolState(ctx, s, p.seat, tool));
  if (!s || !state)
    return refuse(
      new AppError('unknown_external_mcp_tool', {
        detail: `${server}.${tool}`,
        message: `no tool ${tool} on a server ${server} visible to this caller`,
      }),
    );
  audit.effect = state.effect;
  audit.mode = state.mode ?? null;
  if (state.state !== 'allowed') return refuse(new AppError('tool_not_allowlisted', { detail: `${server}.${tool}` }));
  // Admitted by name, but the server now describes it differently from what was approved.
  if (state.drifted)
    return refuse(
      new AppError('mcp_tool_drifted', {
        detail: `${server}.${tool}`,
        message: `${server}.${tool} changed its definition after it was approved; see svc mcp diff ${server}.${tool}, then svc mcp approve ${server}.${tool}`,
      }),
    );
  // Before the write mode: a call that cannot run should not first wait on a person's yes.
  try {
    checkArguments(server, tool, state.inputSchema, p.arguments ?? {});
  } catch (err) {
    return refuse(err as AppError);
  }
  if (state.effect === 'write') {
    if (state.mode === 'deny')
      return refuse(
        new AppError('mcp_mode_denied', { detail: `${server}.${tool}:deny`, message: `${server}.${tool} is a write in mode deny` }),
      );
    if (state.mode === 'ask' && p.approvedQuestionId === undefined) {
      if (!p.askSurface)
        return refuse(
          new AppError('mcp_mode_denied', {
            detail: `${server}.${tool}:ask_unavailable`,
            message: `${server}.${tool} is a write in mode ask and this call has no ask surface`,
          }),
        );
      record('ask_required');
      return { status: 'ask_required', server, tool };
    }
    if (p.approvedQuestionId !== undefined) audit.approvedQuestionId = p.approvedQuestionId;
  }

  bounds = boundsFor(s.config);
  try {
    const b = bounds;
    const call = (meta: Record<string, string> | undefined) =>
      ctx.limits.run(s, b, () =>
        withClient(ctx.session, s, b, (client, signal) =>
          client.callTool({ name: tool, arguments: p.arguments ?? {}, ...(meta ? { _meta: meta } : {}) }, undefined, {
            signal,
            timeout: b.timeoutMs,
          }),
        ),
      );
    // The server may join the caller's trace: the call's span context goes in the request's `_meta`.
    const result = !tracingOn()
      ? await call(undefined)
      : await inSpan(
          `mcp tools/call ${server}.${tool}`,
          { kind: SpanKind.CLIENT, attributes: { 'mcp.method.name': 'tools/call', 'svc.mcp.server': server, 'gen_ai.tool.name': tool } },
          async (span) => {
            const meta: Record<string, string> = {};
            injectContext((k, v) => (meta[k] = v));
            const r = await call(meta);
            if (r.isError === true) span?.setAttribute('error.type', 'tool_error');
            return r;
          },
        );
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    // The server answered, but the tool reported its own failure: the trail says so.
    record(result.isError === true ? 'tool_error' : 'ok', { isError: result.isError === true });
    if (result.isError === true)
      return { status: 'tool_error', name: p.name, server, tool, text: toolResultText(result), result, untrusted: true, durationMs };
    return { status: 'ok', name: p.name, result, untrusted: true, durationMs };
  } catch (err) {
    return refuse(isAppError(err) ? err : new AppError('mcp_server_unreachable', { detail: server }));
  } finally {
    // A call refused before it went out (limits, policy, a missing credential) still ends its deadline.
    bounds.done();
  }
}
