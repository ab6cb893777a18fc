/**
 * Template interpolation. Forms: `{{input}}`, `{{input.<key>}}`
 * (top level only), `{{steps.<id>.text}}`, `{{steps.<id>.json}}`, `{{steps.<id>.verdict}}`,
 * `{{steps.<id>.json.<dotted.path>}}`, plus named bindings the host supplies (an eval's blueprint
 * binds `{{crew.<path>}}` and `{{target.<name>.<path>}}`). Unknown references render empty. Paths read own
 * properties only (Object.hasOwn), and `__proto__`, `constructor` and `prototype` are never
 * walked, so a template can never reach into prototypes.
 */
import { TEMPLATE_REFERENCE as REF } from '@svc/sdk/flows';
import type { StepOutput } from './outputs.js';

const FORBIDDEN = new Set(['__proto__', 'constructor', 'prototype']);

export interface Scope {
  readonly input: string | undefined;
  readonly outputs: Readonly<Record<string, StepOutput>>;
  /** Further roots (`crew`, `target`), read by dotted path; `input` and `steps` cannot be shadowed. */
  readonly bindings?: Readonly<Record<string, unknown>> | undefined;
}

/** A value as template text: strings as they are, everything else as JSON. */
export function asText(v: unknown): string {
  if (v === undefined) return '';
  if (typeof v === 'string') return v;
  try {
    return JSON.stringify(v) ?? '';
  } catch {
    return '';
  }
}

function own(obj: unknown, key: string): { found: boolean; value?: unknown } {
  if (FORBIDDEN.has(key) || obj === null || typeof obj !== 'object') return { found: false };
  if (!Object.hasOwn(obj, key)) return { found: false };
  return { found: true, value: (obj as Record<string, unknown>)[key] };
}

/** Walks a dotted path through own properties; undefined when any segment is missing. */
export function readPath(root: unknown, path: readonly string[]): unknown {
  let cur: unknown = root;
  for (const seg of path) {
    if (seg === '') return undefined;
    const r = own(cur, seg);
    if (!r.found) return undefined;
    cur = r.value;
  }
  return cur;
}

function parseInput(input: string | undefined): unknown {
  if (input === undefined) return undefined;
  try {
    return JSON.parse(input);
  } catch {
    return undefined;
  }
}

/** Resolves one reference (the text between the braces); undefined when unknown. */
export function resolveRef(ref: string, scope: Scope, parsedInput: () => unknown): string | undefined {
  const parts = ref.split('.');
  if (parts[0] === 'input') {
    if (parts.length === 1) return scope.input ?? '';
    if (parts.length !== 2) return undefined; // top level only
    const obj = parsedInput();
    if (obj === null || typeof obj !== 'object' || Array.isArray(obj)) return undefined;
    const r = own(obj, parts[1]!);
    return r.found ? asText(r.value) : undefined;
  }
  if (parts[0] === 'steps' && parts.length >= 3) {
    const id = parts[1]!;
    if (!Object.hasOwn(scope.outputs, id)) return undefined;
    const out = scope.outputs[id]!;
    const field = parts[2];
    if (parts.length === 3) {
      if (field === 'text') return out.text ?? '';
      if (field === 'verdict') return out.verdict ?? '';
      if (field === 'json') return out.json === undefined ? '' : asText(out.json);
      return undefined;
    }
    if (field !== 'json') return undefined;
    const v = readPath(out.json, parts.slice(3));
    return v === undefined ? undefined : asText(v);
  }
  if (parts[0] !== 'steps' && scope.bindings !== undefined) {
    const v = readPath(scope.bindings, parts);
    return v === undefined ? undefined : asText(v);
  }
  return undefined;
}

export function interpolate(template: string, scope: Scope): string {
  if (!template.includes('{{')) return template;
  let parsed: { v: unknown } | undefined;
  const parsedInput = () => (parsed ??= { v: parseInput(scope.input) }).v;
  return template.replace(REF, (_m, ref: string) => resolveRef(ref, scope, parsedInput) ?? '');
}
