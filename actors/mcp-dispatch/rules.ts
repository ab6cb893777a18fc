/**
 * Allowlist resolution for one tool and one seat (docs/mcp.md "Rules"). Levels,
 * narrowest first: the agent, each crew above it (nearest first), the workspace. At one level an
 * exact tool name beats `*`. A tool is allowed only when the workspace level allows it and no
 * level pins a refusal: a crew or agent rule can disable, never admit what the workspace has not.
 * Effect comes from the workspace level only; unclassified counts as a write. A write's mode
 * starts from the workspace's (`ask` when it sets none) and narrower levels can only tighten it.
 */
import type { Effect, Mode, RuleKind, ToolState } from '../../schemas/mcp.js';
import { ruleKey, wildcardsOf } from './rule-keys.js';
import type { Level, RuleRow } from './store.js';
import type { ReportingLine } from '../../runtime/org.js';

// The reporting line is shared with flow scope (runtime/org.ts); the allowlist keeps naming it here.
export { reportingLine, type ReportingLine } from '../../runtime/org.js';

export const DEFAULT_WRITE_MODE: Mode = 'ask';
const STRICTNESS: Record<Mode, number> = { auto: 0, ask: 1, deny: 2 };

export interface Resolution {
  readonly state: ToolState['state'];
  readonly effect: Effect;
  readonly classified: boolean;
  /** Set for writes. */
  readonly mode: Mode | undefined;
  readonly decidedBy: string | undefined;
}

interface Picked {
  readonly label: string;
  readonly enabled: boolean;
  readonly effect: Effect | undefined;
  readonly mode: Mode | undefined;
}

function pick(
  rules: readonly RuleRow[],
  key: string,
  wildcards: readonly string[],
  level: Level,
  ref: string,
  label: string,
): Picked | undefined {
  const at = (name: string) => rules.find((r) => r.level === level && r.ref === ref && r.tool === name);
  const exact = at(key);
  const star = wildcards.map(at).find((r) => r !== undefined);
  if (!exact && !star) return undefined;
  return { label, enabled: (exact ?? star)!.enabled, effect: exact?.effect ?? star?.effect, mode: exact?.mode ?? star?.mode };
}

/** `rules` are the rules of the tool's server in its owner's namespace. */
export function resolveTool(rules: readonly RuleRow[], tool: string, line: ReportingLine): Resolution {
  return resolveRule(rules, 'tool', tool, line);
}

/** The same resolution for any kind: a resource (by URI or URI template) or a prompt decides like a tool. */
export function resolveRule(rules: readonly RuleRow[], kind: RuleKind, name: string, line: ReportingLine): Resolution {
  const key = ruleKey(kind, name);
  const wildcards = wildcardsOf(kind);
  const levels: Picked[] = [];
  const add = (p: Picked | undefined) => {
    if (p) levels.push(p);
  };
  if (line.seat !== undefined) add(pick(rules, key, wildcards, 'agent', line.seat, `agent:${line.seat}`));
  for (const crew of line.crews) add(pick(rules, key, wildcards, 'crew', crew, `crew:${crew}`));
  const workspace = pick(rules, key, wildcards, 'workspace', '', 'workspace');
  add(workspace);

  const effect = workspace?.effect;
  const refusal = levels.find((l) => !l.enabled);
  // Only the workspace admits: a narrower allow can carry a mode but never opens a tool the workspace keeps shut.
  const admitted = workspace?.enabled === true;
  const state: ToolState['state'] = refusal ? 'disabled' : admitted ? 'allowed' : 'blocked';
  let mode: Mode | undefined;
  if ((effect ?? 'write') === 'write') {
    mode = workspace?.mode ?? DEFAULT_WRITE_MODE;
    for (const l of levels) if (l.mode !== undefined && STRICTNESS[l.mode] > STRICTNESS[mode]) mode = l.mode;
  }
  const decidedBy = refusal?.label ?? (admitted ? levels.find((l) => l.enabled)?.label : undefined);
  return { state, effect: effect ?? 'write', classified: effect !== undefined, mode, decidedBy };
}
