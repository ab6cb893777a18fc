/**
 * The first-party `svc_*` tools the orchestrator serves to agents. This module only names and
 * describes them (for `GET /mcp/tools`); the flow engine implements what each one does. The
 * `mcp__` prefix is reserved for attached servers, so no external tool can shadow these.
 */
export interface FirstPartyTool {
  readonly name: `svc_${string}`;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
}

export const FIRST_PARTY_TOOLS: readonly FirstPartyTool[] = Object.freeze([
  { name: 'svc_org_tree', description: 'read the org chart: crews, seats and reporting lines', inputSchema: { type: 'object', properties: { root: { type: 'string' } } } },
  { name: 'svc_pending_intents', description: 'list intents waiting on the policy stack or a human', inputSchema: { type: 'object', properties: { seat: { type: 'string' } } } },
  { name: 'svc_approve', description: 'approve a pending spend intent (refused with no_chain while no chain is configured)', inputSchema: { type: 'object', properties: { intentId: { type: 'string' } }, required: ['intentId'] } },
  { name: 'svc_echo', description: 'echo the arguments back (a liveness check for tool plumbing)', inputSchema: { type: 'object', additionalProperties: true } },
]);

export function isFirstPartyName(name: string): boolean {
  return name.startsWith('svc_');
}
