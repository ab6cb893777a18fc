/**
 * Links this checkout's own bins into its node_modules/.bin (npm links the bins of dependencies
 * there, never the root package's). With `node_modules/.bin/svc` present, `npx --no-install svc`
 * runs the build in place at once; without it, npx installs the checkout into its own cache
 * first, which builds everything again (minutes) and breaks when two calls race to do it.
 * Run by `prepare`, so every `npm ci` / `npm install` leaves the link in place.
 */
import { existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export function linkBins(root: string): string[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { bin?: Record<string, string> };
  const binDir = join(root, 'node_modules', '.bin');
  if (!existsSync(join(root, 'node_modules'))) return [];
  mkdirSync(binDir, { recursive: true });
  const linked: string[] = [];
  for (const [name, file] of Object.entries(pkg.bin ?? {})) {
    const link = join(binDir, name);
    // A fresh name renamed over the old link: a concurrent reader sees the old link or the new one, never none.
    const tmp = join(binDir, `.${name}.${process.pid}.tmp`);
    rmSync(tmp, { force: true });
    symlinkSync(relative(dirname(link), resolve(root, file)), tmp);
    renameSync(tmp, link);
    linked.push(link);
  }
  return linked;
}

// Node runs a script by its real path: compare real paths, so a checkout reached through a link still runs it.
if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  linkBins(process.cwd());
}
