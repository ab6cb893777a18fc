/**
 * Where things are, whether a test runs from its source (`npx tap test/x.test.ts`) or compiled
 * under dist/test/ (what `npm test` runs): the checkout's root is the nearest folder up that holds
 * package.json (dist/ holds none), and a TypeScript fixture a test spawns as its own process is
 * taken in the form the test itself runs in.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

const HERE = fileURLToPath(import.meta.url);
/** The checkout's root, without a trailing slash. */
export const ROOT = findRoot(dirname(HERE));
/** True when this code runs compiled (from dist/test/), false when transpiled from test/. */
export const COMPILED = HERE.endsWith('.js');

/** A path inside the checkout, from its root. */
export const repoPath = (...parts: string[]): string => join(ROOT, ...parts);

/**
 * The node arguments that run a TypeScript module under test/ (given from the root, e.g.
 * 'test/fixtures/bus-consumer.ts') as a process of its own: its compiled twin when the suite runs
 * compiled, else the source through the runner's TypeScript loader.
 */
export function tsModuleArgs(sourcePath: string): string[] {
  if (COMPILED) return [repoPath('dist', sourcePath.replace(/\.ts$/, '.js'))];
  const loader = new URL('node_modules/@tapjs/typescript/dist/esm/import.mjs', `file://${ROOT}/`).href;
  return [`--import=${loader}`, repoPath(sourcePath)];
}
