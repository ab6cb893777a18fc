/**
 * The CLI runs as `svc` from a checkout without npx: `npm ci` runs `prepare`, which builds and then
 * links the package's bin into node_modules/.bin (npm never links the root package's own bins).
 * The bin must be built executable with a node shebang, and the link must survive being made
 * by several installs at once.
 */
import t from 'tap';
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, readlinkSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../helpers/process.js';
import { VERSION } from '../../runtime/version.js';

const run = promisify(execFile);
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  bin: Record<string, string>;
  scripts: Record<string, string>;
};

t.test('the bin named in package.json is built executable, with a node shebang', async (t) => {
  const file = join(ROOT, pkg.bin.svc!);
  t.ok(statSync(file).mode & 0o111, `${file} is executable`);
  t.match(readFileSync(file, 'utf8'), /^#!\/usr\/bin\/env node\n/);
});

t.test('prepare links node_modules/.bin/svc to the build, and the link runs the CLI', async (t) => {
  const linkStep = / && (node dist\/scripts\/link-bin\.js)$/.exec(pkg.scripts.prepare ?? '');
  t.ok(linkStep, `prepare builds, then links: ${pkg.scripts.prepare}`);
  // A checkout as `npm ci` leaves it just before prepare's last step: the package, its build, node_modules.
  const dir = t.testdir({ 'package.json': JSON.stringify(pkg) });
  symlinkSync(join(ROOT, 'dist'), join(dir, 'dist'));
  mkdirSync(join(dir, 'node_modules'));
  const [cmd, ...args] = linkStep![1]!.split(' ');
  // Four installs at once must still leave one working link.
  await Promise.all(Array.from({ length: 4 }, () => run(cmd === 'node' ? process.execPath : cmd!, args, { cwd: dir })));
  const link = join(dir, 'node_modules/.bin/svc');
  t.equal(readlinkSync(link), '../../dist/cli/main.js', 'relative, so the checkout can move');
  const { stdout } = await run(link, ['--version'], { env: { PATH: `${process.execPath.replace(/\/node$/, '')}:/usr/bin:/bin` } });
  t.equal(stdout.trim(), VERSION);
});
