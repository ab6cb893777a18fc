/**
 * The first-party tools a tool step may name as `svc_<name>`. The server's tool registry is typed
 * by this list, so a tool added there without being named here (or the other way round) does not
 * compile, and a definition naming a tool that does not exist is refused before it is saved.
 */
export const BUILT_IN_TOOL_NAMES = ['svc_org_tree', 'svc_pending_intents', 'svc_approve', 'svc_echo'] as const;
export type SvcToolName = (typeof BUILT_IN_TOOL_NAMES)[number];

export function isKnownSvcTool(name: string): name is SvcToolName {
  return (BUILT_IN_TOOL_NAMES as readonly string[]).includes(name);
}
