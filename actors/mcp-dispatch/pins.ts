/**
 * Pinned tool definitions (store/entities/McpToolPin.ts), kept at every discovery. A tool seen for
 * the first time is pinned as published. When a tool's definition changes:
 * - allowed at the workspace (the one level that admits): it drifts. Calls are refused before the
 *   network until an operator approves the new definition; an ExternalMcpToolDrifted event names
 *   the old and new hash.
 * - already drifted: it stays drifted whatever it changes to, the approved definition included, so
 *   a server cannot flip back and forth to slip a change past a sweep.
 * - otherwise (blocked): the pin follows the definition, since nothing was admitted; an operator who
 *   allows the tool later admits the definition the listing then shows.
 * Each change is written only while the pin still holds what it was decided on, so an approval
 * landing at the same moment is not undone; a change that lost that race is decided again.
 */
import type { McpContext, ServerEntry } from './context.js';
import { definitionHash, definitionOf, type PublishedTool } from './definition.js';
import type { EventData } from '../../schemas/events.js';
import { pins, putPin, rules, updatePin, type PinRow, type RuleRow } from './store.js';

const ATTEMPTS = 3;

function admitted(rs: readonly RuleRow[], tool: string): boolean {
  return rs.some((r) => r.level === 'workspace' && r.ref === '' && r.tool === tool && r.enabled);
}

/** Pins every published tool; answers the names that drifted at this discovery. */
export async function pinDefinitions(
  ctx: McpContext,
  s: ServerEntry,
  tools: readonly PublishedTool[],
  trigger: EventData<'ExternalMcpToolDrifted'>['trigger'],
  traceId: string | undefined,
  window: number | undefined,
): Promise<string[]> {
  const id = s.config.id;
  const store = ctx.deps.store;
  let current = new Map((await pins(store, s.owner, id)).map((p) => [p.tool, p]));
  const rs = await rules(store, s.owner, id);
  const drifted: string[] = [];
  for (const tool of tools) {
    const definition = definitionOf(id, tool);
    const hash = definitionHash(definition);
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      const pin = current.get(tool.name);
      const now = new Date();
      if (!pin) {
        const fresh: PinRow = {
          owner: s.owner,
          server: id,
          tool: tool.name,
          approvedHash: hash,
          approvedDefinition: definition,
          approvedAt: now,
          approvedBy: 'discovery',
          seenHash: hash,
          seenDefinition: definition,
          seenAt: now,
          drifted: false,
          driftedAt: null,
        };
        await putPin(store, fresh);
        break;
      }
      if (pin.seenHash === hash) break;
      const allowed = admitted(rs, tool.name);
      const drifts = pin.drifted || (allowed && hash !== pin.approvedHash);
      const seen = { seenHash: hash, seenDefinition: definition, seenAt: now };
      const change = drifts
        ? { ...seen, drifted: true, driftedAt: pin.driftedAt ?? now }
        : allowed
          ? seen // back to the definition that was approved
          : { ...seen, approvedHash: hash, approvedDefinition: definition, approvedAt: now, approvedBy: 'discovery' };
      const expect = { approvedHash: pin.approvedHash, seenHash: pin.seenHash };
      if (await updatePin(store, s.owner, id, tool.name, expect, change)) {
        if (drifts) {
          drifted.push(tool.name);
          ctx.deps.log.warn(
            { server: id, owner: s.owner || undefined, tool: tool.name, approvedHash: pin.approvedHash, newHash: hash },
            `mcp tool ${id}.${tool.name} changed its definition after it was approved: refused until approved again (svc mcp diff ${id}.${tool.name})`,
          );
          await ctx.audit(
            'ExternalMcpToolDrifted',
            {
              server: id,
              owner: s.owner || null,
              tool: tool.name,
              oldHash: pin.seenHash,
              newHash: hash,
              approvedHash: pin.approvedHash,
              trigger,
              ...(window === undefined ? {} : { window }),
            },
            traceId,
          );
        }
        break;
      }
      // Someone else changed the pin since it was read (an approval, another worker's discovery): decide again.
      current = new Map((await pins(store, s.owner, id)).map((p) => [p.tool, p]));
    }
  }
  return drifted.sort();
}
