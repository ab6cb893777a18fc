/**
 * A saved definition as builder code (`svc flows code <id>`): evaluating the expression with the
 * SDK's `flow` in scope gives the definition back, field for field (sdk/test/unit/flow.test.ts
 * round-trips every first-party template).
 */
import type { Flow } from './schema.js';

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A JavaScript literal: strings through JSON (which escapes what a source file cannot hold raw). */
function literal(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = indent + '  ';
    return `[\n${value.map((v) => `${inner}${literal(v, inner)},`).join('\n')}\n${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (entries.length === 0) return '{}';
    const inner = indent + '  ';
    const key = (k: string): string => (IDENTIFIER.test(k) ? k : JSON.stringify(k));
    return `{\n${entries.map(([k, v]) => `${inner}${key(k)}: ${literal(v, inner)},`).join('\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

/** The builder expression that yields `def`. */
export function flowCode(def: Flow): string {
  const { id, steps, ...options } = def;
  const head = Object.keys(options).length === 0 ? `flow(${literal(id, '')})` : `flow(${literal(id, '')}, ${literal(options, '')})`;
  const calls = steps.map(({ id: stepId, kind, ...params }) => `  .${kind}(${literal(stepId, '  ')}, ${literal(params, '  ')})`);
  return [head, ...calls, '  .build()'].join('\n');
}

/** A module a user can save and import: the expression with the SDK import. */
export function flowModule(def: Flow): string {
  return `import { flow } from '@svc/sdk';\n\nexport default ${flowCode(def)};\n`;
}
