/**
 * Which resources and prompts of one server one seat may see: the server's rules resolved like a
 * tool's (rules.ts), under the resource or prompt key (rule-keys.ts). Discovery admits nothing:
 * only an operator's exact allow does, or, for a resource, an allowed URI template it matches.
 * A refusal anywhere on the seat's line (the exact URI, `resource:*` or the server's `*`) wins
 * over any template.
 */
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import type { RuleKind } from '../../schemas/mcp.js';
import { orgOf } from '../../runtime/org.js';
import type { McpContext, ServerEntry } from './context.js';
import { reportingLine, resolveRule, type ReportingLine } from './rules.js';
import { keyKind } from './rule-keys.js';
import { rules, type RuleRow } from './store.js';

export interface Admission {
  readonly server: ServerEntry;
  /** Whether the seat may see this resource URI or template (listed as is), or this prompt. */
  admits(kind: Exclude<RuleKind, 'tool'>, name: string): boolean;
  /** Whether any allow of `kind` could admit something here: if not, the server is not asked. */
  any(kind: Exclude<RuleKind, 'tool'>): boolean;
  /** Whether the seat may read this concrete URI: allowed itself, or matched by an allowed template. */
  reads(uri: string): boolean;
}

function matches(template: string, uri: string): boolean {
  try {
    return new UriTemplate(template).match(uri) !== null;
  } catch {
    return false;
  }
}

export function admission(server: ServerEntry, rs: readonly RuleRow[], line: ReportingLine): Admission {
  const allows = (kind: RuleKind) =>
    rs.filter((r) => r.enabled && r.level === 'workspace' && keyKind(r.tool).kind === kind).map((r) => keyKind(r.tool).name);
  const admits = (kind: RuleKind, name: string) => resolveRule(rs, kind, name, line).state === 'allowed';
  return {
    server,
    admits,
    any: (kind) => allows(kind).length > 0,
    reads: (uri) => {
      const direct = resolveRule(rs, 'resource', uri, line).state;
      if (direct !== 'blocked') return direct === 'allowed';
      return allows('resource').some((t) => UriTemplate.isTemplate(t) && matches(t, uri) && admits('resource', t));
    },
  };
}

export async function admissionOf(ctx: McpContext, s: ServerEntry, seat: string): Promise<Admission> {
  return admission(s, await rules(ctx.deps.store, s.owner, s.config.id), reportingLine(orgOf(ctx.deps), seat));
}
