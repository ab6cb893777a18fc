/**
 * A published tool's definition as svc pins it: the fields a model reads to decide what a tool does
 * and how to call it (name, title, description, input and output schemas, annotations), with the
 * id of the server that published it. Its hash is sha256 over a canonical JSON form (object keys
 * sorted at every depth, no whitespace, absent fields left out), so the same definition hashes
 * the same however the server ordered its keys, and any change of wording or schema does not.
 */
import { createHash } from 'node:crypto';
import { configure } from 'safe-stable-stringify';
import type { ToolDefinition } from '../../store/mcp/index.js';

export type { ToolDefinition };

/** Sorted keys; a value JSON cannot carry (NaN, a cycle, a bigint) throws instead of being written some way. */
const canonical = configure({ deterministic: true, bigint: false, circularValue: TypeError, strict: true });

/** The fields of an MCP `Tool` that are pinned; `_meta`, icons and the rest are not. */
export interface PublishedTool {
  name: string;
  title?: string | undefined;
  description?: string | undefined;
  inputSchema?: unknown;
  outputSchema?: unknown;
  annotations?: unknown;
}

const FIELDS = ['title', 'description', 'inputSchema', 'outputSchema', 'annotations'] as const;

export function definitionOf(server: string, t: PublishedTool): ToolDefinition {
  const d: ToolDefinition = { server, name: t.name };
  for (const f of FIELDS) if (t[f] !== undefined) (d as unknown as Record<string, unknown>)[f] = t[f];
  return d;
}

export function canonicalJson(value: unknown): string {
  const out = canonical(value);
  if (out === undefined) throw new TypeError('a value JSON cannot carry has no canonical form');
  return out;
}

/** `sha256:<hex>` of the definition's canonical JSON. */
export function definitionHash(d: ToolDefinition): string {
  return `sha256:${createHash('sha256').update(canonicalJson(d), 'utf8').digest('hex')}`;
}

export interface FieldChange {
  readonly field: string;
  /** Absent from the approved definition: undefined (sent as a missing property). */
  readonly approved?: unknown;
  readonly seen?: unknown;
}

/** The top-level fields that differ between two definitions, in a fixed order. */
export function changedFields(approved: ToolDefinition, seen: ToolDefinition): FieldChange[] {
  const out: FieldChange[] = [];
  for (const field of ['server', 'name', ...FIELDS] as const) {
    const a = (approved as unknown as Record<string, unknown>)[field];
    const b = (seen as unknown as Record<string, unknown>)[field];
    if ((a === undefined ? undefined : canonicalJson(a)) === (b === undefined ? undefined : canonicalJson(b))) continue;
    out.push({ field, ...(a === undefined ? {} : { approved: a }), ...(b === undefined ? {} : { seen: b }) });
  }
  return out;
}
