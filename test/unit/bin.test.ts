/**
 * `npx svc` executes the package's bin file itself (through a link in npx's cache, made once), so
 * every build must leave it executable, not only the first install.
 */
import t from 'tap';
import { readFileSync, statSync } from 'node:fs';

t.test('the bin named in package.json is built executable, with a node shebang', async (t) => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { bin: Record<string, string> };
  const file = pkg.bin.svc!;
  t.ok(statSync(file).mode & 0o111, `${file} is executable`);
  t.match(readFileSync(file, 'utf8'), /^#!\/usr\/bin\/env node\n/);
});
