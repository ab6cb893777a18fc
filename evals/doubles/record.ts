/**
 * What the doubles saw during one scenario's run: the facts the assertions read (calls, open
 * questions) and the problems a double found that fail the scenario on their own (a mocked ALLOW
 * the blueprint does not admit, a gate answer naming no offered option, an MCP server reached for).
 * One per scenario, so nothing leaks from one scenario into the next.
 */
export interface CallRecord {
  /** `<connector>.<route>`, `mcp__<server>__<tool>`, or a first-party `svc_*` tool. */
  readonly name: string;
  readonly args: Readonly<Record<string, unknown>>;
  readonly mocked: boolean;
}

export interface EvalRecord {
  /** Connector and MCP calls in the order they were made, mocked or not (double rule 1). */
  readonly calls: CallRecord[];
  /** Model completions, scripted or not. */
  modelCalls: number;
  /** Human gates by step id, and whether each is still open when the run stops. */
  readonly questions: Map<string, { readonly questionId: string; open: boolean }>;
  /** One line each; every one fails the scenario. */
  readonly problems: string[];
}

export function newRecord(): EvalRecord {
  return { calls: [], modelCalls: 0, questions: new Map(), problems: [] };
}
