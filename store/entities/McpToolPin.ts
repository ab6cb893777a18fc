/**
 * The definition of one tool of one server that an operator has admitted (the approved hash and
 * definition), beside the one its server published last (seen). Discovery writes a pin the first
 * time it sees a tool; a later change of an allowed tool sets `drifted`, and only an approval (which
 * copies seen to approved) clears it, so a definition that changes back is not re-admitted by
 * itself. Keyed by a digest of (owner, server, tool), in the owner's namespace like the rules, and
 * kept across a detach like them.
 */
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/** The parts of a published tool that are hashed and compared; `server` is the server's id. */
export interface ToolDefinition {
  server: string;
  name: string;
  title?: string;
  description?: string;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

export const McpToolPin = defineEntity({
  name: 'McpToolPin',
  properties: {
    key: p.string().primary(),
    owner: p.string().index(),
    server: p.string(),
    tool: p.string(),
    approvedHash: p.string(),
    approvedDefinition: p.json<ToolDefinition>(),
    approvedAt: p.datetime(),
    /** `discovery` for the definition first seen, else the seat that approved. */
    approvedBy: p.string(),
    seenHash: p.string(),
    seenDefinition: p.json<ToolDefinition>(),
    seenAt: p.datetime(),
    drifted: p.boolean(),
    driftedAt: p.datetime().nullable(),
  },
});
export type McpToolPin = InferEntity<typeof McpToolPin>;
