/**
 * Credentials the orchestrator sent out, taken back out of whatever comes back. A far side (a
 * connector, an attached MCP server) may echo the header or environment it was given, in a body,
 * an error text or a tool listing, and only a secret's ref and last four characters may ever
 * leave. Shared by every actor that sends a credential, so there is one rule.
 *
 * A value is matched as it was sent and as it reads inside JSON text (escaped), so a raw body
 * and a parsed value are both covered. Values under four characters are left alone: matching
 * them would mangle unrelated text while hiding nothing worth hiding.
 */
export const REDACTED = '[redacted]';
const MIN_LENGTH = 4;

export interface Redactor {
  /** False when there is nothing to take out, so a caller can skip the walk. */
  readonly active: boolean;
  text(s: string): string;
  /** A JSON-like value with every string and object key redacted, copied only where something
   * matched (the value itself when nothing did). */
  value<T>(v: T): T;
}

export function redactor(values: Iterable<string | undefined>): Redactor {
  const found = new Set<string>();
  for (const v of values) {
    if (v === undefined || v.length < MIN_LENGTH) continue;
    found.add(v);
    found.add(JSON.stringify(v).slice(1, -1));
  }
  // Longest first: a secret that contains another is taken out whole.
  const needles = [...found].sort((a, b) => b.length - a.length);
  const text = (s: string): string => {
    let out = s;
    for (const n of needles) if (out.includes(n)) out = out.split(n).join(REDACTED);
    return out;
  };
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return text(v);
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) {
      let out: unknown[] | undefined;
      v.forEach((x, i) => {
        const next = walk(x);
        if (next !== x) (out ??= [...v])[i] = next;
      });
      return out ?? v;
    }
    const entries = Object.entries(v);
    const next = entries.map(([k, x]) => [text(k), walk(x)] as const);
    return next.some(([k, x], i) => k !== entries[i]![0] || x !== entries[i]![1]) ? Object.fromEntries(next) : v;
  };
  return {
    active: needles.length > 0,
    text: needles.length > 0 ? text : (s) => s,
    value: <T>(v: T): T => (needles.length > 0 ? (walk(v) as T) : v),
  };
}
