/**
 * The MCP double, served on the eval's bus under the mcp actor's `call` verb (the one a `tool`
 * step sends for `mcp__<server>__<tool>`). An eval attaches no MCP server: a tool mocked in
 * `mocks.tools` under its full name answers its scripted result; any other call is recorded as
 * a reach for the network, which fails the scenario naming the tool, and answers a tool error.
 */
import type { Handler } from '../../bus/types.js';
import type { McpCallCommand, McpCallOutcome } from '../../schemas/mcp.js';
import type { ScenarioMocks } from '../../schemas/evals.js';
import { asText } from '../../flows/interpolate.js';
import type { EvalRecord } from './record.js';

type ToolMocks = NonNullable<ScenarioMocks['tools']>;

function split(name: string): { server: string; tool: string } {
  const m = /^mcp__(.+?)__(.+)$/.exec(name);
  return m ? { server: m[1]!, tool: m[2]! } : { server: '', tool: name };
}

export function mcpDouble(mocks: ToolMocks, record: EvalRecord): { call: Handler<McpCallCommand, McpCallOutcome> } {
  return {
    async call(_ctx, cmd) {
      const mock = Object.hasOwn(mocks, cmd.name) ? mocks[cmd.name] : undefined;
      record.calls.push({ name: cmd.name, args: { ...(cmd.arguments ?? {}) }, mocked: mock !== undefined });
      const { server, tool } = split(cmd.name);
      const text = mock ? asText(mock.result.body ?? '') : `an eval reaches no MCP server: ${cmd.name} is not mocked`;
      const result = { content: [{ type: 'text', text }], ...(mock?.result.ok === true ? {} : { isError: true }) };
      if (!mock) record.problems.push(`network: expected no MCP server reached, got a call to ${cmd.name} (mock it in mocks.tools)`);
      if (mock?.result.ok === true) return { status: 'ok', name: cmd.name, result, untrusted: true, durationMs: 0 };
      return { status: 'tool_error', name: cmd.name, server, tool, text, result, untrusted: true, durationMs: 0 };
    },
  };
}
