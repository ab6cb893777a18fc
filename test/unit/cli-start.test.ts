/**
 * What a CLI call loads before it does anything: people (and scripts, and this suite) run `svc`
 * hundreds of times, and every module a call loads is paid on each. The client commands load no
 * schema library, no chain library, no server framework and no store: those load only inside the
 * commands that use them. Checked by a module-loading hook that lists every file the call loads.
 */
import t from 'tap';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../../cli/main.js', import.meta.url));
// The hook runs on the loader's own thread; its lines go to stderr, apart from the command's output.
const HOOK = `export async function load(url, context, next) { if (url.startsWith('file:')) process.stderr.write('LOADED ' + url + '\\n'); return next(url, context); }`;
const REGISTER = `import { register } from 'node:module'; register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOK)}));`;

function loaded(args: string[]): string[] {
  const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, MAIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  // A command the CLI does not know would load little and prove nothing.
  if (r.status !== 0) throw new Error(`svc ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(-500)}`);
  return r.stderr
    .split('\n')
    .filter((l) => l.startsWith('LOADED '))
    .map((l) => l.slice('LOADED '.length));
}

const HEAVY = ['typebox', 'viem', '@simplewebauthn', '@mikro-orm', 'fastify', '@nats-io', 'better-sqlite3', 'pino'];

t.test('a client command loads none of the server or chain libraries', async (t) => {
  for (const args of [
    ['--version'],
    ['flows', 'runs', '--help'],
    ['gates', '--help'],
    ['treasury', '--help'],
    ['heartbeat', 'list', '--help'],
  ]) {
    const files = loaded(args);
    t.ok(
      files.some((f) => f.endsWith('/cli/main.js')),
      `${args.join(' ')}: the hook saw the call's modules`,
    );
    const heavy = files.filter((f) => HEAVY.some((h) => f.includes(`/node_modules/${h}`)));
    t.same(heavy, [], `${args.join(' ')}: none of ${HEAVY.join(', ')}`);
    t.ok(files.length < 150, `${args.join(' ')}: ${files.length} modules`);
  }
});

t.test('the hook sees a heavy library when a command does load one', async (t) => {
  // The check above must be able to fail: the same hook lists a library that is loaded.
  const withSchema = spawnSync(
    process.execPath,
    ['--import', `data:text/javascript,${encodeURIComponent(REGISTER)}`, '--input-type=module', '-e', "await import('typebox')"],
    { encoding: 'utf8' },
  );
  t.match(withSchema.stderr, /node_modules\/typebox\//, 'a load of typebox shows in the list');
});
