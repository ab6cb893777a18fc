/**
 * `npm run contracts:build`: compiles contracts/src and rewrites chain/artifacts to match exactly,
 * deleting artifacts of contracts that no longer exist (a stale ABI would still typecheck).
 * test/unit/contract-artifacts.test.ts fails when the committed files differ from a fresh compile.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileContracts } from './contracts/compile.js';
import { ARTIFACTS_DIR, renderArtifacts } from './contracts/render.js';

// dist/scripts/ when compiled, scripts/ when run from source: the root is found from the file, not the cwd.
const root = fileURLToPath(new URL(import.meta.url.includes('/dist/') ? '../../' : '../', import.meta.url));
const dir = join(root, ARTIFACTS_DIR);
const files = renderArtifacts(compileContracts(root));
mkdirSync(dir, { recursive: true });
for (const name of readdirSync(dir)) if (!files.has(name)) rmSync(join(dir, name));
for (const [name, text] of files) writeFileSync(join(dir, name), text);
console.log(`wrote ${files.size} files to ${ARTIFACTS_DIR}`);
