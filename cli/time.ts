/**
 * Times as a person reads them in a table: `3m ago`, `in 2h`. Scripts read the exact ISO time
 * with --json; a table shows the distance from now, and past two months the date itself.
 */
const UNITS: readonly [limitMs: number, sizeMs: number, unit: string][] = [
  [60_000, 1_000, 's'],
  [3_600_000, 60_000, 'm'],
  [48 * 3_600_000, 3_600_000, 'h'],
  [60 * 86_400_000, 86_400_000, 'd'],
];

/** `iso` relative to `now`; absent stays absent, text that is not a time is shown as it is. */
export function relativeTime(iso: string | null | undefined, now = Date.now()): string | undefined {
  if (iso === null || iso === undefined || iso === '') return undefined;
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  const diff = at - now;
  const abs = Math.abs(diff);
  if (abs < 1_000) return 'just now';
  const unit = UNITS.find(([limit]) => abs < limit);
  if (!unit) return new Date(at).toISOString().slice(0, 10);
  const n = `${Math.floor(abs / unit[1])}${unit[2]}`;
  return diff < 0 ? `${n} ago` : `in ${n}`;
}
