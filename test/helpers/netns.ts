/**
 * Runs a tap body file in a fresh network namespace (`unshare -n -m`, loopback only), so a test
 * that hands the product a non-loopback address or a DNS answer cannot send a packet off the
 * machine. Optional extra addresses go on loopback and optional names into a hosts file mounted
 * over /etc/hosts inside the namespace only.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Test } from 'tap';
import { ROOT, tsModuleArgs } from './paths.js';

export interface NetnsOptions {
  /** Extra addresses put on loopback inside the namespace (`ip addr add <a>/32 dev lo`). */
  readonly addresses?: readonly string[];
  /** name -> address lines appended to /etc/hosts inside the namespace. */
  readonly hosts?: Readonly<Record<string, string>>;
  readonly env?: Readonly<Record<string, string>>;
}

function setupScript(o: NetnsOptions, hostsFile: string | undefined): string {
  return [
    'ip link set lo up',
    ...(o.addresses ?? []).map((a) => `ip addr add ${a}/32 dev lo`),
    ...(hostsFile ? [`mount --bind "${hostsFile}" /etc/hosts`] : []),
  ].join(' && ');
}

/** false when namespaces are usable here, else the reason to skip. */
export function netnsSkip(o: NetnsOptions = {}): false | string {
  const probe = spawnSync('unshare', ['-n', '-m', 'sh', '-c', setupScript(o, undefined)]);
  return probe.status === 0
    ? false
    : `unshare -n -m is not available here (${probe.error?.message ?? `exit ${probe.status}: ${probe.stderr}`}): needs root or user namespaces`;
}

/** Runs `body` (a TypeScript file under test/, from the checkout's root) in the namespace and asserts it passed with at least `minTests` tests. */
export async function runInNetns(t: Test, body: string, o: NetnsOptions = {}, minTests = 1): Promise<void> {
  let hostsFile: string | undefined;
  if (o.hosts) {
    const dir = mkdtempSync(join(tmpdir(), 'netns-hosts-'));
    t.teardown(() => rmSync(dir, { recursive: true, force: true }));
    hostsFile = join(dir, 'hosts');
    const lines = Object.entries(o.hosts).map(([name, addr]) => `${addr} ${name}`);
    writeFileSync(hostsFile, `${readFileSync('/etc/hosts', 'utf8')}\n${lines.join('\n')}\n`);
  }
  const script = `${setupScript(o, hostsFile)} && exec "${process.execPath}" --enable-source-maps ${tsModuleArgs(body)
    .map((a) => `"${a}"`)
    .join(' ')}`;
  // Transpile only, as tap does for its own test processes: type-checking the whole product on load took ~50 s.
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: process.env.HOME ?? '/tmp',
    TAP: '1',
    TS_NODE_TRANSPILE_ONLY: process.env.TS_NODE_TRANSPILE_ONLY ?? '1',
    ...o.env,
  };
  // -m: the bind mount over /etc/hosts lives and dies with this namespace.
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
  t.equal(code, 0, code === 0 ? 'body passed' : out.slice(-4000));
  t.ok((out.match(/^\s*ok \d+/gm) ?? []).length >= minTests, 'the body ran its tests');
}
