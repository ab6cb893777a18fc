/**
 * Runs test/fixtures/egress-netns-body.ts in a fresh network namespace (`unshare -n`, loopback
 * only): the SSRF spellings, DNS answers and redirects are exercised where no packet can leave.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';

const BODY = fileURLToPath(new URL('../../fixtures/egress-netns-body.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TS_IMPORT = new URL('node_modules/@tapjs/typescript/dist/esm/import.mjs', `file://${ROOT}`).href;

const probe = spawnSync('unshare', ['-n', '-m', 'true']);
const skip =
  probe.status === 0
    ? false
    : `unshare -n -m is not available here (${probe.error?.message ?? `exit ${probe.status}`}): needs root or user namespaces`;

/** Names whose only answers are private, served by the system resolver through a hosts file mounted in the namespace. */
const PRIVATE_NAMES: Record<string, string> = {
  'internal.example': '10.1.2.3',
  'metadata.example': '169.254.169.254',
  'ula.example': 'fd12::1',
};

t.test('egress matrix inside its own network namespace', { skip }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'egress-hosts-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const hosts = join(dir, 'hosts');
  const lines = Object.entries(PRIVATE_NAMES).map(([name, addr]) => `${addr} ${name}`);
  writeFileSync(hosts, `${readFileSync('/etc/hosts', 'utf8')}\n${lines.join('\n')}\n`);
  // -m: the bind mount over /etc/hosts lives and dies with this namespace.
  const script = `ip link set lo up && mount --bind "${hosts}" /etc/hosts && exec "${process.execPath}" --import=${TS_IMPORT} --enable-source-maps "${BODY}"`;
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    TAP: '1',
    EGRESS_HOSTS: Object.keys(PRIVATE_NAMES).join(','),
  };
  const child = spawn('unshare', ['-n', '-m', 'sh', '-c', script], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
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
  t.match(out, /# \{ total: \d+, pass: \d+ \}|^ok \d+ /m);
  t.equal(code, 0, code === 0 ? 'body passed' : out.slice(-4000));
  t.ok((out.match(/^\s*ok \d+/gm) ?? []).length >= 3, 'the body ran its tests');
});
