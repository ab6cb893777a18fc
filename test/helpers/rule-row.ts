import type { RuleRow } from '../../actors/mcp-dispatch/store.js';

/** A stored allowlist rule of server `s`, as the rule engine reads it. */
export const ruleRow = (level: RuleRow['level'], ref: string, tool: string, enabled: boolean, extra: Partial<RuleRow> = {}): RuleRow => ({
  owner: '',
  server: 's',
  tool,
  level,
  ref,
  enabled,
  effect: undefined,
  mode: undefined,
  ...extra,
});
