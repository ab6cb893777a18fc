/**
 * `npm test`'s runner: tap over the compiled suite (arguments are passed on), then where the time
 * went: per tier (unit, integration, contracts, e2e) the files run and the time their tests took,
 * and the slowest files, so a slow change shows in the run that made it. Exits with tap's status.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface FileTime {
  readonly file: string;
  readonly tier: string;
  readonly ms: number;
  /** The failed checks' lines, innermost first, so a log cut to its tail still names them. */
  readonly failed?: readonly string[];
}

/** The tier of a result file: the folder under test/ its test lives in. */
export function tierOf(file: string): string {
  const parts = file.split(/[\\/]/);
  const i = parts.indexOf('test');
  return i >= 0 && parts[i + 1] !== undefined && !parts[i + 1]!.endsWith('.tap') ? parts[i + 1]! : 'other';
}

/** The file's own duration: the last top-level `# time=` line tap wrote for it. */
export function durationOf(tap: string): number | undefined {
  const m = [...tap.matchAll(/^# time=([0-9.]+)ms$/gm)].at(-1);
  return m ? Number(m[1]) : undefined;
}

/** The file's failed checks: every `not ok` line, the deepest (the check itself) first. */
export function failuresOf(tap: string): string[] {
  return [...tap.matchAll(/^(\s*)not ok \d+ - (.*)$/gm)]
    .sort((a, b) => b[1]!.length - a[1]!.length)
    .map((m) => m[2]!.replace(/ # time=[0-9.]+ms$/, ''));
}

function resultFiles(dir: string, since: number): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return resultFiles(path, since);
    return e.name.endsWith('.tap') && statSync(path).mtimeMs >= since ? [path] : [];
  });
}

export function summary(times: readonly FileTime[], wallMs: number): string {
  const tiers = new Map<string, { files: number; ms: number }>();
  for (const t of times) {
    const s = tiers.get(t.tier) ?? { files: 0, ms: 0 };
    tiers.set(t.tier, { files: s.files + 1, ms: s.ms + t.ms });
  }
  const sec = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const lines = ['', `# tests took ${sec(wallMs)} in all (files run side by side; a tier's time is its files' times added up)`];
  for (const [tier, s] of [...tiers].sort((a, b) => b[1].ms - a[1].ms))
    lines.push(`#   ${tier.padEnd(12)} ${String(s.files).padStart(4)} files  ${sec(s.ms).padStart(9)}`);
  lines.push('# slowest files:');
  for (const t of [...times].sort((a, b) => b.ms - a.ms).slice(0, 10)) lines.push(`#   ${sec(t.ms).padStart(9)}  ${t.file}`);
  const failed = times.filter((t) => (t.failed?.length ?? 0) > 0);
  if (failed.length > 0) {
    lines.push(`# failed in ${failed.length} file(s):`);
    for (const t of failed) {
      lines.push(`#   ${t.file}`);
      for (const f of t.failed!.slice(0, 6)) lines.push(`#     not ok - ${f}`);
      if (t.failed!.length > 6) lines.push(`#     ... and ${t.failed!.length - 6} more`);
    }
  }
  return lines.join('\n');
}

function main(): void {
  const started = Date.now();
  const run = spawnSync(process.execPath, [join('node_modules', 'tap', 'dist', 'esm', 'run.mjs'), ...process.argv.slice(2)], {
    stdio: 'inherit',
  });
  const wallMs = Date.now() - started;
  const dir = join('.tap', 'test-results');
  const times = resultFiles(dir, started).flatMap((path) => {
    const tap = readFileSync(path, 'utf8');
    const ms = durationOf(tap);
    const file = relative(dir, path)
      .split(sep)
      .join('/')
      .replace(/\.tap$/, '');
    const failed = failuresOf(tap);
    // A file that never finished has no time of its own but still names what failed.
    return ms === undefined && failed.length === 0 ? [] : [{ file, tier: tierOf(file), ms: ms ?? 0, failed }];
  });
  console.log(summary(times, wallMs));
  process.exit(run.status ?? 1);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split(sep).join('/'))) main();
