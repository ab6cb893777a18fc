/** Trace summaries are one line each: long text is cut to `n` characters, ending in `...`. */
export function clip(s: string, n = 160): string {
  return s.length > n ? `${s.slice(0, n - 3)}...` : s;
}
