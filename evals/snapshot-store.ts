/**
 * Where a scenario's trace snapshot lives and what each mode does with it. The file sits in a
 * `__snapshots__` folder beside the scenario file, named after it (`pay.json` →
 * `__snapshots__/pay.snap.json`): a sibling `*.json` would be read as a scenario by the folder
 * loader, which only reads files directly in the folder.
 *
 * `update` writes the snapshot (temp file then rename, so a reader never sees half of one);
 * `check` (the default) compares against it when there is one. A scenario without a snapshot is
 * never given one silently: only an explicit update creates the file.
 */
import { mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { SnapshotMode } from '../schemas/eval-report.js';
import { schemaError } from './load.js';
import { TraceSnapshot, firstDivergence, serialize } from './snapshot.js';

export function snapshotPath(scenarioPath: string): string {
  return join(dirname(scenarioPath), '__snapshots__', `${basename(scenarioPath, '.json')}.snap.json`);
}

type Read = { snapshot: TraceSnapshot } | { missing: true } | { error: string };

async function readSnapshot(path: string): Promise<Read> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { missing: true };
    return { error: `snapshot: cannot read ${path} (${code ?? (err as Error).message})` };
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return { error: `snapshot: ${path} is not JSON: ${(err as Error).message}` };
  }
  const bad = schemaError(TraceSnapshot, value);
  return bad === undefined ? { snapshot: value as TraceSnapshot } : { error: `snapshot: ${path} is not a trace snapshot: ${bad}` };
}

let tmpSeq = 0;

/** Temp file in the same folder, then rename: atomic on one filesystem, so a crash leaves the old snapshot or the new one. */
async function writeAtomic(path: string, text: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  tmpSeq += 1;
  const tmp = `${path}.${process.pid}.${tmpSeq}.tmp`;
  try {
    await writeFile(tmp, text, 'utf8');
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw err;
  }
}

export interface SnapshotCase {
  readonly mode: SnapshotMode;
  readonly scenarioPath: string;
  readonly actual: TraceSnapshot;
  /** Whether the scenario failed on anything else (assertions, doubles, network). */
  readonly failedOtherwise: boolean;
}

/** The failure lines snapshots add to a scenario: none, or one. */
export async function applySnapshot(c: SnapshotCase): Promise<string[]> {
  const path = snapshotPath(c.scenarioPath);
  if (c.mode === 'update') {
    // A failing run is not what the scenario means; recording it would bless the regression.
    if (c.failedOtherwise) return [`snapshot: expected ${path} to be updated, got not written (the scenario failed)`];
    try {
      await writeAtomic(path, serialize(c.actual));
      return [];
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return [`snapshot: expected ${path} to be written, got ${code ?? (err as Error).message}`];
    }
  }
  const read = await readSnapshot(path);
  if ('missing' in read) return [];
  if ('error' in read) return [read.error];
  const line = firstDivergence(read.snapshot, c.actual);
  return line === undefined ? [] : [line];
}
