/**
 * Resources and prompts share the tools' rule rows, so one engine (rules.ts) resolves all three
 * and every scope, wildcard and kill switch works the same for each. A row's name holds a tool's
 * name as it is, `resource:<uri or URI template>` or `prompt:<name>`. The plain `*` is the
 * server-wide wildcard (a refusal there refuses every kind); `resource:*` and `prompt:*` narrow one
 * kind. A tool a server publishes under a name that reads as a resource or prompt key is never
 * listed nor callable: a resource's or prompt's rule must never admit it.
 */
import type { RuleKind } from '../../schemas/mcp.js';

export const WILDCARD = '*';

const PREFIX = { resource: 'resource:', prompt: 'prompt:' } as const;

export function ruleKey(kind: RuleKind, name: string): string {
  return kind === 'tool' ? name : `${PREFIX[kind]}${name}`;
}

export function keyKind(key: string): { kind: RuleKind; name: string } {
  for (const kind of ['resource', 'prompt'] as const)
    if (key.startsWith(PREFIX[kind])) return { kind, name: key.slice(PREFIX[kind].length) };
  return { kind: 'tool', name: key };
}

/** Whether a name a server publishes for a tool is one a tool rule (and only a tool rule) decides. */
export function isToolKey(name: string): boolean {
  return keyKind(name).kind === 'tool';
}

/** The wildcards that may decide a key of `kind` at one level, the nearer first. */
export function wildcardsOf(kind: RuleKind): readonly string[] {
  return kind === 'tool' ? [WILDCARD] : [ruleKey(kind, WILDCARD), WILDCARD];
}
