/**
 * `svc_*` tools for `GET /mcp/tools`, `/mcp/call` and the `/mcp` MCP endpoint. Their names,
 * descriptions and implementations live in the registry the flow engine also uses (tools/svc.ts:
 * the same reads and the same approve path), so there is no second list. The `mcp__` prefix is
 * reserved for attached servers, so no external tool can shadow these.
 * First-party results are the orchestrator's own data: `untrusted: false`, no ExternalMcpCalled
 * row (that event is for external tools). An unknown `svc_*` name answers
 * `unknown_external_mcp_tool:<name>`, the one code for "no tool of that name visible to you".
 */
import { AppError } from '../../schemas/errors.js';
import type { McpCallOutcome } from '../../schemas/mcp.js';
import type { SvcToolContext } from '../../tools/svc.js';
import { callSvcTool, svcToolSpecs } from '../../tools/svc.js';

/** The first-party tools as listed to agents. */
export function servedFirstParty() {
  return svcToolSpecs();
}

export async function callFirstParty(
  name: string,
  args: Record<string, unknown>,
  seat: string,
  traceId: string,
  chain: SvcToolContext['chain'],
): Promise<McpCallOutcome> {
  const started = performance.now();
  const out = await callSvcTool(name, args, {
    principal: seat,
    runId: `mcp-call:${traceId}`,
    traceId,
    chain,
  });
  if (!out) throw new AppError('unknown_external_mcp_tool', { detail: name, message: `no first-party tool ${name}` });
  const text = out.text ?? out.summary;
  const result = {
    content: [{ type: 'text', text }],
    ...(out.json !== null && typeof out.json === 'object' && !Array.isArray(out.json) ? { structuredContent: out.json } : {}),
  };
  return { status: 'ok', name, result, untrusted: false, durationMs: Math.round((performance.now() - started) * 1000) / 1000 };
}
