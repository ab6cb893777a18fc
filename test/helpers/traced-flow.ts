/**
 * The flow the trace tests follow: a model step, an MCP tool call and a human gate for alice, so
 * one run crosses a model, a tool server, a park and a resume; `after` are the steps the gate's
 * "go" leads into (the first of them is its port).
 */
export function tracedFlow(id: string, after: readonly Record<string, unknown>[]) {
  return {
    id,
    steps: [
      { id: 'think', kind: 'model', prompt: 'plan for {{input}}' },
      { id: 'look', kind: 'tool', tool: 'mcp__fake__echo', args: { q: '{{input}}' } },
      {
        id: 'ask',
        kind: 'human',
        prompt: 'go on with {{input}}?',
        assignee: 'seat:alice',
        options: [
          { id: 'go', label: 'Go', port: after[0]!.id },
          { id: 'stop', label: 'Stop', port: null },
        ],
      },
      ...after,
    ],
  };
}
