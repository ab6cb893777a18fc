/**
 * Tool names at the server boundary. `mcp__<server>__<tool>` is reserved for attached servers and
 * parsed here only; server ids cannot contain `__`, so the split is unambiguous, and nothing an
 * attached server publishes can ever be read as a `svc_*` or `<connector>.<route>` tool.
 */
export const EXTERNAL_PREFIX = 'mcp__';

export function externalName(server: string, tool: string): string {
  return `${EXTERNAL_PREFIX}${server}__${tool}`;
}

export type ParsedName =
  { kind: 'first-party'; name: string } | { kind: 'external'; server: string; tool: string } | { kind: 'other'; name: string };

export function parseToolName(name: string): ParsedName {
  if (name.startsWith(EXTERNAL_PREFIX)) {
    const rest = name.slice(EXTERNAL_PREFIX.length);
    const idx = rest.indexOf('__');
    if (idx > 0 && idx < rest.length - 2) return { kind: 'external', server: rest.slice(0, idx), tool: rest.slice(idx + 2) };
    return { kind: 'other', name };
  }
  if (name.startsWith('svc_')) return { kind: 'first-party', name };
  return { kind: 'other', name };
}
