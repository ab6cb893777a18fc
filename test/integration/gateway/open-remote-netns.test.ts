/**
 * Runs test/fixtures/open-remote-netns-body.ts in a fresh network namespace (`unshare -n`):
 * loopback plus a second, non-loopback address on it, so "a caller on another host" is tested
 * with the server and the caller both inside the namespace, where no packet can leave.
 */
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const BODY = fileURLToPath(new URL('../../fixtures/open-remote-netns-body.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TS_IMPORT = new URL('node_modules/@tapjs/typescript/dist/esm/import.mjs', `file://${ROOT}`).href;
const REMOTE = '10.200.0.1';

const probe = spawnSync('unshare', ['-n', 'sh', '-c', `ip link set lo up && ip addr add ${REMOTE}/32 dev lo`]);
const skip =
  probe.status === 0
    ? false
    : `unshare -n with ip addr is not available here (${probe.error?.message ?? `exit ${probe.status}: ${probe.stderr}`}): needs root or user namespaces`;

t.test('callers from another address, inside its own network namespace', { skip }, async (t) => {
  const script = `ip link set lo up && ip addr add ${REMOTE}/32 dev lo && exec "${process.execPath}" --import=${TS_IMPORT} --enable-source-maps "${BODY}"`;
  // Transpile only, as tap does for its own test processes: type-checking the whole product on load took ~50 s.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    TAP: '1',
    REMOTE_ADDR: REMOTE,
    TS_NODE_TRANSPILE_ONLY: process.env.TS_NODE_TRANSPILE_ONLY ?? '1',
  };
  const child = spawn('unshare', ['-n', 'sh', '-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (c: Buffer) => {
    out += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    out += c.toString();
  });
  const code = await new Promise<number | null>((r) => child.on('close', r));
  const failures = out.split('\n').filter((l) => /^\s*not ok /.test(l));
  t.same(failures, [], 'no failing assertion in the namespace');
  t.equal(code, 0, code === 0 ? 'body passed' : out.slice(-4000));
  t.ok((out.match(/^\s*ok \d+/gm) ?? []).length >= 2, 'the body ran its tests');
});
